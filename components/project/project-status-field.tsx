"use client";
import { Select } from "@mantine/core";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useProjectType } from "./project-type-data";

export const WORKFLOW_ONLY_NOTE = "Status changes only through workflows";

/**
 * A status of the project's type; the type field sets the first one when the
 * type changes. A type whose statuses change only through workflows keeps it
 * read-only: new projects start at the first status, saved ones move by workflow.
 */
export function ProjectStatusField({ value, onChange, error, form }: FieldRenderProps) {
  const typeId = form?.values.type;
  const { data: type } = useProjectType(typeof typeId === "string" && typeId ? typeId : null);
  const options = (type?.statuses ?? []).map((status) => ({ value: String(status.id), label: status.title }));
  const byWorkflow = type?.statuses_by_workflow === true;
  return (
    <Select
      label="Status"
      required
      description={byWorkflow ? WORKFLOW_ONLY_NOTE : undefined}
      placeholder={type ? undefined : "Choose a type first"}
      disabled={!type || byWorkflow}
      data={options}
      value={typeof value === "number" ? String(value) : null}
      allowDeselect={false}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      error={error}
    />
  );
}

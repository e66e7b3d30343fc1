"use client";
import { useTranslations } from "next-intl";
import { Select } from "@mantine/core";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useProjectType } from "./project-type-data";

/**
 * A status of the project's type; the type field sets the first one when the
 * type changes. A type whose statuses change only through workflows keeps it
 * read-only: new projects start at the first status, saved ones move by workflow.
 */
export function ProjectStatusField({ value, onChange, error, form }: FieldRenderProps) {
  const t = useTranslations();
  const typeId = form?.values.type;
  const { data: type } = useProjectType(typeof typeId === "string" && typeId ? typeId : null);
  const options = (type?.statuses ?? []).map((status) => ({ value: String(status.id), label: status.title }));
  const byWorkflow = type?.statuses_by_workflow === true;
  return (
    <Select
      label={t("project.field.status")}
      required
      description={byWorkflow ? t("project.form.workflowOnly") : undefined}
      placeholder={type ? undefined : t("project.form.chooseTypeFirst")}
      disabled={!type || byWorkflow}
      data={options}
      value={typeof value === "number" ? String(value) : null}
      allowDeselect={false}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      error={error}
    />
  );
}

"use client";
import { Select } from "@mantine/core";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useProjectType } from "./project-type-data";

/** A status of the project's type; the type field sets the first one when the type changes. */
export function ProjectStatusField({ value, onChange, error, form }: FieldRenderProps) {
  const typeId = form?.values.type;
  const { data: type } = useProjectType(typeof typeId === "string" && typeId ? typeId : null);
  const options = (type?.statuses ?? []).map((status) => ({ value: String(status.id), label: status.title }));
  return (
    <Select
      label="Status"
      required
      placeholder={type ? undefined : "Choose a type first"}
      disabled={!type}
      data={options}
      value={typeof value === "number" ? String(value) : null}
      allowDeselect={false}
      onChange={(next) => onChange(next === null ? undefined : Number(next))}
      error={error}
    />
  );
}

"use client";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PickerField } from "@/components/pickers/picker-field";
import { PRIVILEGE_LABELS, PRIVILEGES } from "@/lib/schemas/constants";

const PRIVILEGE_OPTIONS = PRIVILEGES.map((privilege) => ({ id: privilege, name: PRIVILEGE_LABELS[privilege], description: privilege }));

/** The privileges of a role, chosen in the Privilege picker and kept in the product's fixed order. */
export function PrivilegesField(props: FieldRenderProps) {
  return (
    <PickerField
      {...props}
      label="Privileges"
      multiple
      options={PRIVILEGE_OPTIONS}
      onChange={(next) => props.onChange(PRIVILEGES.filter((p) => Array.isArray(next) && next.includes(p)))}
    />
  );
}

"use client";
import { Checkbox, Stack } from "@mantine/core";
import type { FieldRenderProps } from "@/components/form/form-config";
import { PRIVILEGES } from "@/lib/schemas/constants";

export const PRIVILEGE_LABELS: Record<string, string> = {
  admin: "Administrator (everything)",
  members_manage: "Manage members and roles",
  projects_manage: "Manage project types and all projects",
  customers_manage: "Manage customers and conversations",
};

/** The privileges of a role as checkboxes, in the product's fixed order. */
export function PrivilegesField({ value, onChange, error }: FieldRenderProps) {
  const selected = Array.isArray(value) ? (value as string[]) : [];
  return (
    <Checkbox.Group
      label="Privileges"
      value={selected}
      onChange={(next) => onChange(PRIVILEGES.filter((p) => next.includes(p)))}
      error={error}
    >
      <Stack gap={6} mt={6}>
        {PRIVILEGES.map((privilege) => (
          <Checkbox key={privilege} value={privilege} label={PRIVILEGE_LABELS[privilege]} />
        ))}
      </Stack>
    </Checkbox.Group>
  );
}

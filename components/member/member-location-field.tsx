"use client";
import { Select } from "@mantine/core";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useLocationOptions } from "@/components/sharing/use-location-options";
import { useSession } from "@/lib/client/use-session";

// Mantine options need a string; null (organization level) travels as this one.
const ORGANIZATION_LEVEL = "organization";

/** Where a member works: one location, or organization level with access to every location it may switch to. */
export function MemberLocationField({ value, onChange, error }: FieldRenderProps) {
  const { data: session } = useSession();
  const locations = useLocationOptions([]);
  const atOrganizationLevel = session?.location === null;
  const current = typeof value === "string" ? value : ORGANIZATION_LEVEL;
  // A location removed since keeps showing until another is chosen.
  const missing = current !== ORGANIZATION_LEVEL && !locations.some((option) => option.value === current);
  return (
    <Select
      label="Location"
      description={atOrganizationLevel ? undefined : "Members' locations are changed at organization level"}
      disabled={!atOrganizationLevel}
      data={[
        { value: ORGANIZATION_LEVEL, label: "Organization level" },
        ...locations,
        ...(missing ? [{ value: current, label: "Inactive location" }] : []),
      ]}
      value={current}
      allowDeselect={false}
      onChange={(next) => onChange(next === ORGANIZATION_LEVEL || next === null ? null : next)}
      error={error}
    />
  );
}

"use client";
import { Select } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { Option } from "@/components/browse/browse-config";

// Mantine options need a string; null (organization level) travels as this one.
const ORGANIZATION_LEVEL = "organization";

type Props = {
  label: string;
  /** A location id, or null for the organization level. */
  value: string | null;
  onChange: (location: string | null) => void;
  /** The active locations offered; a value among none of them (removed since) keeps showing until another is chosen. */
  locations: Option[];
  description?: ReactNode;
  disabled?: boolean;
  error?: string;
};

/** Where something belongs: the organization level or one location. */
export function LocationSelect({ label, value, onChange, locations, description, disabled, error }: Props) {
  const t = useTranslations();
  const missing = value !== null && !locations.some((option) => option.value === value);
  return (
    <Select
      label={label}
      description={description}
      disabled={disabled}
      data={[
        { value: ORGANIZATION_LEVEL, label: t("location.select.organizationLevel") },
        ...locations,
        ...(missing ? [{ value, label: t("location.select.inactive") }] : []),
      ]}
      value={value ?? ORGANIZATION_LEVEL}
      allowDeselect={false}
      onChange={(next) => onChange(next === ORGANIZATION_LEVEL || next === null ? null : next)}
      error={error}
    />
  );
}

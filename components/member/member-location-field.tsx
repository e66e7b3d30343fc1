"use client";
import type { FieldRenderProps } from "@/components/form/form-config";
import { useTranslations } from "next-intl";
import { LocationSelect } from "@/components/location/location-select";
import { useLocationOptions } from "@/components/sharing/use-location-options";
import { useSession } from "@/lib/client/use-session";

/** Where a member works: one location, or organization level with access to every location it may switch to. */
export function MemberLocationField({ value, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  const { data: session } = useSession();
  const locations = useLocationOptions([]);
  const atOrganizationLevel = session?.location === null;
  return (
    <LocationSelect
      label={t("location.entity.label")}
      description={atOrganizationLevel ? undefined : t("member.field.locationFixed")}
      disabled={!atOrganizationLevel}
      locations={locations}
      value={typeof value === "string" ? value : null}
      onChange={onChange}
      error={error}
    />
  );
}

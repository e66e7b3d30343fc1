"use client";
import { useTranslations } from "next-intl";
import { LOCATION } from "@/components/entities";
import type { FieldRenderProps } from "@/components/form/form-config";
import { canSwitchLocation } from "@/lib/client/use-switch-location";
import { useSession } from "@/lib/client/use-session";
import { LocationSelect } from "./location-select";
import { newItemAudience } from "./new-item-audience";

/**
 * Where a new customer, project or member belongs, and who will see it. Left alone it
 * is the location chosen in the switcher (the value stays unset, so the server takes
 * the session's); members who may switch locations may choose any of theirs.
 */
export function NewItemLocationField({ value, onChange, error, of = "item" }: FieldRenderProps & { of?: "item" | "member" }) {
  const t = useTranslations();
  const { data: session } = useSession();
  if (!session) return null;
  const current = session.location?.id ?? null;
  const chosen = value === undefined ? current : (value as string | null);
  const free = canSwitchLocation(session);
  const places = free ? session.locations : session.location ? [session.location] : [];
  const name = (id: string) => places.find((place) => place.id === id)?.name ?? (id === current ? session.location?.name : undefined) ?? t("location.audience.thisLocation");
  return (
    <LocationSelect
      label={t("location.entity.label")}
      description={newItemAudience(t, chosen === null ? null : name(chosen), of)}
      disabled={!free}
      locations={places.map((place) => ({ value: place.id, label: place.name }))}
      value={chosen}
      // Choosing the switcher's location again is no change.
      onChange={(next) => onChange(next === current ? undefined : next)}
      error={error}
    />
  );
}

/** The create forms' Location field (customers, projects, members). */
export const newItemLocationField = (of: "item" | "member" = "item") => ({
  key: "location" as const,
  label: LOCATION.label,
  reference: LOCATION.type,
  kind: "custom" as const,
  render: (props: FieldRenderProps) => <NewItemLocationField {...props} of={of} />,
});

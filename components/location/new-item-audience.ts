type Translate = (key: string, values?: Record<string, string>) => string;

/**
 * Who will see a new item placed at a location (null: the organization level), as the
 * create forms say it. New items are not shared (ARCHITECTURE.md §4): staff at their
 * location and everyone working at organization level see them; sharing adds others.
 * A new member also works where they are placed.
 */
export function newItemAudience(t: Translate, location: string | null, of: "item" | "member" = "item") {
  const seen = location === null ? t("location.audience.organization") : t("location.audience.location", { location });
  if (of === "item") return seen;
  return location === null ? t("location.audience.memberOrganization", { seen }) : t("location.audience.memberLocation", { location, seen });
}

import type { Sharing } from "@/lib/schemas/sharing";

/** The word a form uses for full access: "edit" on most forms, "full" on role and customer forms (spec §4). */
export type FullWord = "edit" | "full";

/** The levels' catalogue keys; the shared screens show them in the page's language. */
export const LEVEL_KEYS: Record<string, string> = {
  none: "form.sharing.level.none",
  view: "form.sharing.level.view",
  edit: "form.sharing.level.full",
  full: "form.sharing.level.full",
};

/** The levels in English, for the lists and exports that have not moved to `LEVEL_KEYS` yet. */
export const LEVEL_LABELS: Record<string, string> = {
  none: "Not shared",
  view: "View only",
  edit: "Full access",
  full: "Full access",
};

/** The levels a form offers; labels are catalogue keys. */
export const levelOptions = (full: FullWord = "edit") => [
  { value: "none", label: LEVEL_KEYS.none },
  { value: "view", label: LEVEL_KEYS.view },
  { value: full, label: LEVEL_KEYS[full] },
];

/** The server answers "edit"; a form that says "full" shows the same level under its own word. */
export const toFormLevel = (level: string, full: FullWord): string => (level === "edit" || level === "full" ? full : level);

export function isSharing(value: unknown): value is Sharing {
  return (
    typeof value === "object" &&
    value !== null &&
    "default" in value &&
    "locations" in value &&
    Array.isArray((value as Sharing).locations)
  );
}

import type { Sharing } from "@/lib/schemas/sharing";

/** The word a form uses for full access: "edit" on most forms, "full" on role and customer forms (spec §4). */
export type FullWord = "edit" | "full";

export const LEVEL_LABELS: Record<string, string> = {
  none: "Not shared",
  view: "View only",
  edit: "Full access",
  full: "Full access",
};

export const levelOptions = (full: FullWord = "edit") => [
  { value: "none", label: LEVEL_LABELS.none },
  { value: "view", label: LEVEL_LABELS.view },
  { value: full, label: LEVEL_LABELS[full] },
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

import { z } from "./z";

export const SHARING_LEVELS = ["none", "view", "edit"] as const;
export type SharingLevel = (typeof SHARING_LEVELS)[number];

// Role and customer forms say "full" for what the rest of the product calls "edit".
export const sharingLevelSchema = z
  .enum(["none", "view", "edit", "full"])
  .transform((level): SharingLevel => (level === "full" ? "edit" : level));

/** More entries than an organization has locations is never a real sharing list. */
export const SHARING_LOCATIONS_MAX = 1000;

export const sharingSchema = z.strictObject({
  default: sharingLevelSchema,
  locations: z
    .array(z.strictObject({ id: z.uuid({ error: "validation.mustBeLocationId" }), level: sharingLevelSchema }))
    .max(SHARING_LOCATIONS_MAX, { error: "validation.most.locations" })
    .superRefine((entries, ctx) => {
      // One entry per location: the first repeat is named, which is enough to fix the list.
      const seen = new Set<string>();
      for (const [index, entry] of entries.entries()) {
        if (seen.has(entry.id)) {
          ctx.addIssue({ code: "custom", path: [index, "id"], message: "validation.locationTwice" });
          return;
        }
        seen.add(entry.id);
      }
    })
    .default([]),
});

export type Sharing = { default: SharingLevel; locations: { id: string; level: SharingLevel }[] };

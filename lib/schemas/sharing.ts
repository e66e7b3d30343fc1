import { z } from "./z";

export const SHARING_LEVELS = ["none", "view", "edit"] as const;
export type SharingLevel = (typeof SHARING_LEVELS)[number];

// Role and customer forms say "full" for what the rest of the product calls "edit".
export const sharingLevelSchema = z
  .enum(["none", "view", "edit", "full"])
  .transform((level): SharingLevel => (level === "full" ? "edit" : level));

export const sharingSchema = z.strictObject({
  default: sharingLevelSchema,
  locations: z.array(z.strictObject({ id: z.uuid(), level: sharingLevelSchema })).default([]),
});

export type Sharing = { default: SharingLevel; locations: { id: string; level: SharingLevel }[] };

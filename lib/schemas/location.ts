import { businessDetailsSchema } from "./business";
import { nameSchema } from "./fields";
import { listQuerySchema } from "./list-query";
import { LOCATION_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";

export const locationListQuerySchema = listQuerySchema(LOCATION_LIST);

/**
 * Where a new customer, project or member belongs: a location id, or null for the
 * organization level; absent, the session's location (ARCHITECTURE.md §4). Only a
 * location the member may switch to is accepted.
 */
export const newItemLocationSchema = z
  .uuid({ error: "validation.locationId" })
  .nullable()
  .optional()
  .meta({
    description:
      "The location the new item belongs to, or null for the organization level; absent: the session's location. Only a location the member may switch to.",
  });

export const locationCreateSchema = z.strictObject({ name: nameSchema });

export const locationUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  // Where the location's business details differ from the organization's; replaces the stored ones as a whole.
  business: businessDetailsSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  sharing: sharingSchema.optional(),
});

export type LocationCreate = z.input<typeof locationCreateSchema>;
export type LocationUpdate = z.input<typeof locationUpdateSchema>;

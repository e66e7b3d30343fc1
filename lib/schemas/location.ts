import { nameSchema } from "./fields";
import { listQuerySchema } from "./list-query";
import { LOCATION_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";

export const locationListQuerySchema = listQuerySchema(LOCATION_LIST);

export const locationCreateSchema = z.strictObject({ name: nameSchema });

export const locationUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  sharing: sharingSchema.optional(),
});

export type LocationCreate = z.input<typeof locationCreateSchema>;
export type LocationUpdate = z.input<typeof locationUpdateSchema>;

import { nameSchema } from "./fields";
import { listQuerySchema, STATUS_ACTIVE_REMOVED } from "./list-query";
import { sharingSchema } from "./sharing";
import { z } from "./z";

export const locationListQuerySchema = listQuerySchema({
  statuses: STATUS_ACTIVE_REMOVED,
  defaultStatus: ["active"],
  sorts: ["created", "updated", "name"],
  defaultSort: "created",
});

export const locationCreateSchema = z.strictObject({ name: nameSchema });

export const locationUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  sharing: sharingSchema.optional(),
});

export type LocationCreate = z.input<typeof locationCreateSchema>;
export type LocationUpdate = z.input<typeof locationUpdateSchema>;

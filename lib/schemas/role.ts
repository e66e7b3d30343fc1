import { PRIVILEGES } from "./constants";
import { nameSchema } from "./fields";
import { listQuerySchema, STATUS_ACTIVE_REMOVED } from "./list-query";
import { sharingSchema } from "./sharing";
import { z } from "./z";

export const privilegesSchema = z
  .array(z.enum(PRIVILEGES, { error: `Privilege must be one of ${PRIVILEGES.join(", ")}` }))
  .transform((list) => [...new Set(list)]);

export const roleListQuerySchema = listQuerySchema({
  statuses: STATUS_ACTIVE_REMOVED,
  defaultStatus: ["active"],
  sorts: ["created", "updated", "name"],
  defaultSort: "created",
});

export const roleCreateSchema = z.strictObject({
  name: nameSchema,
  privileges: privilegesSchema.default([]),
});

export const roleUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  privileges: privilegesSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  sharing: sharingSchema.optional(),
});

export type RoleCreate = z.input<typeof roleCreateSchema>;
export type RoleUpdate = z.input<typeof roleUpdateSchema>;

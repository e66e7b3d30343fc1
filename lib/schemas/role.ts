import { PRIVILEGES } from "./constants";
import { nameSchema } from "./fields";
import { listQuerySchema } from "./list-query";
import { ROLE_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";

export const privilegesSchema = z
  .array(z.enum(PRIVILEGES, { error: "validation.privilege" }))
  .transform((list) => [...new Set(list)]);

export const roleListQuerySchema = listQuerySchema(ROLE_LIST);

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

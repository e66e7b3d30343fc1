import { nameSchema } from "./fields";
import { createdSinceParam, listParam, listQuerySchema } from "./list-query";
import { PROJECT_LIST } from "./lists";
import { ITEM_ID_MAX } from "./item-ids";
import { newItemLocationSchema } from "./location";
import { descriptionSchema, fieldValuesSchema, itemIdSchema } from "./project-fields";
import { sharingSchema } from "./sharing";
import { z } from "./z";

const uuidList = (label: string) => listParam(z.uuid({ error: `${label} must be an id` })).optional();

export const projectListQuerySchema = listQuerySchema(PROJECT_LIST).extend({
  // A project's status is a status id of its type.
  status: listParam(
    z.coerce
      .number({ error: "Status must be a number" })
      .int({ error: "Status must be a whole number" })
      .min(0, { error: "Status must be at least 0" })
      .max(ITEM_ID_MAX, { error: `Status must be at most ${ITEM_ID_MAX}` }),
  ).optional(),
  type: uuidList("Type"),
  owner: uuidList("Owner"),
  customer: uuidList("Customer"),
  // Open projects have not reached their type's last status.
  open: z
    .enum(["true", "false"], { error: "Open is true or false" })
    .transform((value) => value === "true")
    .optional(),
  created_since: createdSinceParam,
});

const ownerSchema = z.uuid({ error: "Owner must be a member id" }).nullable();
const customerSchema = z.uuid({ error: "Customer must be a customer id" }).nullable();
const typeSchema = z.uuid({ error: "Choose a project type" });

export const projectCreateSchema = z.strictObject({
  title: nameSchema,
  description: descriptionSchema,
  type: typeSchema,
  status: itemIdSchema.optional(),
  fields: fieldValuesSchema.default([]),
  owner: ownerSchema.default(null),
  customer: customerSchema.default(null),
  location: newItemLocationSchema,
});

export const projectUpdateSchema = z.strictObject({
  title: nameSchema.optional(),
  description: descriptionSchema.optional(),
  type: typeSchema.optional(),
  status: itemIdSchema.optional(),
  fields: fieldValuesSchema.optional(),
  owner: ownerSchema.optional(),
  customer: customerSchema.optional(),
  sharing: sharingSchema.optional(),
});

export type ProjectCreate = z.input<typeof projectCreateSchema>;
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

import { nameSchema } from "./fields";
import { createdSinceParam, listParam, listQuerySchema } from "./list-query";
import { PROJECT_LIST } from "./lists";
import { ITEM_ID_MAX } from "./item-ids";
import { newItemLocationSchema } from "./location";
import { descriptionSchema, fieldValuesSchema, itemIdSchema } from "./project-fields";
import { sharingSchema } from "./sharing";
import { z } from "./z";

const uuidList = (label: string) => listParam(z.uuid({ error: "validation.param.id" })).optional();

export const projectListQuerySchema = listQuerySchema(PROJECT_LIST).extend({
  // A project's status is a status id of its type.
  status: listParam(
    z.coerce
      .number({ error: "validation.param.number" })
      .int({ error: "validation.param.wholeNumber" })
      .min(0, { error: "validation.param.min" })
      .max(ITEM_ID_MAX, { error: "validation.param.max" }),
  ).optional(),
  type: uuidList("Type"),
  owner: uuidList("Owner"),
  customer: uuidList("Customer"),
  // Open projects have not reached their type's last status.
  open: z
    .enum(["true", "false"], { error: "validation.param.trueOrFalse" })
    .transform((value) => value === "true")
    .optional(),
  created_since: createdSinceParam,
});

const ownerSchema = z.uuid({ error: "validation.project.owner" }).nullable();
const customerSchema = z.uuid({ error: "validation.customerId" }).nullable();
const typeSchema = z.uuid({ error: "validation.project.type" });
// One of the customer's sites; absent on create, the customer's first.
const siteSchema = z.uuid({ error: "validation.siteId" }).nullable();

export const projectCreateSchema = z.strictObject({
  title: nameSchema,
  description: descriptionSchema,
  type: typeSchema,
  status: itemIdSchema.optional(),
  fields: fieldValuesSchema.default([]),
  owner: ownerSchema.default(null),
  customer: customerSchema.default(null),
  site: siteSchema.optional(),
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
  site: siteSchema.optional(),
  sharing: sharingSchema.optional(),
});

export type ProjectCreate = z.input<typeof projectCreateSchema>;
export type ProjectUpdate = z.input<typeof projectUpdateSchema>;

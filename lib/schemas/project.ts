import { nameSchema } from "./fields";
import { createdSinceParam, listParam, listQuerySchema } from "./list-query";
import { PROJECT_LIST } from "./lists";
import { ITEM_ID_MAX } from "./item-ids";
import { newItemLocationSchema } from "./location";
import { descriptionSchema, fieldValuesSchema, itemIdSchema } from "./project-fields";
import { sharingSchema } from "./sharing";
import { z } from "./z";

const uuidList = (label: string) => listParam(z.uuid({ error: "validation.param.id" })).optional();

const baseListQuery = listQuerySchema(PROJECT_LIST);

/** Operators of the `field` filter; which of them a field takes is its kind's to say (lib/services/project-field-query.ts). */
export const FIELD_FILTER_OPS = ["contains", "eq", "gte", "lte", "in", "set", "unset"] as const;
export type FieldFilterOp = (typeof FIELD_FILTER_OPS)[number];
export type FieldFilter = { id: number; op: FieldFilterOp; operand: string };

const FIELD_FILTER = new RegExp(`^(\\d{1,10}):(${FIELD_FILTER_OPS.join("|")})(?::([\\s\\S]*))?$`);
const FIELD_SORT = /^field\.(\d{1,10}):(asc|desc)$/;

/** `<field id>:<operator>[:<operand>]`, on a custom field of the one type the list is filtered to. */
const fieldFilterParam = z
  .string()
  .max(500, { error: "validation.param.maxLength" })
  .transform((text, ctx): FieldFilter => {
    const match = FIELD_FILTER.exec(text);
    if (!match) {
      ctx.addIssue({ code: "custom", message: "validation.param.fieldFilter" });
      return z.NEVER;
    }
    return { id: Number(match[1]), op: match[2] as FieldFilterOp, operand: match[3] ?? "" };
  });

/** The list's sorts, or `field.<id>:asc|desc`: by the value of a custom field of the one type the list is filtered to. */
const projectSortParam = z
  .string()
  .optional()
  .transform((text, ctx) => {
    const match = text ? FIELD_SORT.exec(text) : null;
    if (match) return { field: `field.${match[1]}`, direction: match[2] as "asc" | "desc" };
    const parsed = baseListQuery.shape.sort.safeParse(text);
    if (parsed.success) return parsed.data;
    ctx.addIssue({ code: "custom", message: "validation.param.projectSort", params: { options: PROJECT_LIST.sorts.join(", ") } });
    return z.NEVER;
  })
  .meta({ description: `One of ${PROJECT_LIST.sorts.join(", ")} or field.<field id>, then :asc or :desc. A field sorts by its value (numbers, dates and instants as such, options in their order) with projects without one last; it needs exactly one type.` });

export const projectListQuerySchema = baseListQuery.extend({
  sort: projectSortParam,
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
  // Projects whose current status is marked as waiting for a visit (the schedule's tray).
  needs_scheduling: z
    .enum(["true", "false"], { error: "validation.param.trueOrFalse" })
    .transform((value) => value === "true")
    .optional(),
  created_since: createdSinceParam,
  field: listParam(fieldFilterParam)
    .refine((list) => list.length <= 10, { error: "validation.param.fieldFilters" })
    .optional()
    .meta({
      description:
        "Conditions on custom fields of the one type given: <field id>:<operator>[:<operand>]. Text: contains. Number, date, date and time: eq, gte, lte (ISO 8601 dates and instants, numbers with a point). Single and multiple choice: in:<option id>,<option id> (any of them). Checkbox: eq:true or eq:false. Any kind: set, unset.",
    }),
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

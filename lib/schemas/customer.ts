import { ownLanguageSchema } from "./auth";
import { CUSTOMER_TYPES } from "./constants";
import { emailSchema, nameSchema, optionalEmail, optionalText } from "./fields";
import { createdSinceParam, listQuerySchema } from "./list-query";
import { CUSTOMER_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { newItemLocationSchema } from "./location";
import { normalizePhone } from "./phone";
import { sharingSchema } from "./sharing";
import { EINVOICE_FORMATS } from "./invoice-values";
import { vatNumber, vatProblem } from "./bank";
import { z } from "./z";


/** Email and phone: exact matches, for "another customer has this email / phone"; the phone is compared in E.164. */
export const customerListQuerySchema = listQuerySchema(CUSTOMER_LIST).extend({
  created_since: createdSinceParam,
  email: emailSchema.optional(),
  phone: z.string().trim().min(1, { error: "validation.phone.required" }).max(50).optional(),
});

const customerFields = {
  type: z.enum(CUSTOMER_TYPES, { error: "validation.customer.type" }),
  name: nameSchema,
  // Bounded before the service reads it into E.164 with the organization's country (phone.ts).
  phone: optionalText(50),
  email: optionalEmail,
  line1: optionalText(200),
  line2: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
  language: ownLanguageSchema,
  // The buyer's VAT id on invoices (EN 16931 BT-48): with its country prefix (DE123456789), checked against that country's shape.
  vat_number: optionalText(30).transform((value, ctx) => {
    if (!value) return value;
    const problem = vatProblem(value, null);
    if (problem) {
      ctx.addIssue({ code: "custom", message: problem.key, params: problem.values });
      return z.NEVER;
    }
    return vatNumber(value, null);
  }),
  einvoice_format: z.enum(EINVOICE_FORMATS, { error: "validation.customer.einvoiceFormat" }).optional(),
};

/** The phone field read into E.164 with a known country, for checks that have it (an import's rows). */
export const phoneOf = (country: string | null) =>
  customerFields.phone.transform((value, ctx) => {
    if (!value) return value;
    const read = normalizePhone(value, country);
    if ("number" in read) return read.number;
    ctx.addIssue({ code: "custom", message: read.error });
    return z.NEVER;
  });

export const customerCreateSchema = z.strictObject({
  ...customerFields,
  type: customerFields.type.default("individual"),
  location: newItemLocationSchema,
});

export const customerUpdateSchema = z.strictObject({
  ...customerFields,
  type: customerFields.type.optional(),
  name: nameSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  sharing: sharingSchema.optional(),
  // Staff turn automated emails on or off; a customer's unsubscribe link turns them off.
  automated_emails: z.boolean({ error: "validation.trueOrFalse" }).optional(),
});

/**
 * The create and update bodies with the phone read as the service reads it, with
 * the organization's country: a form checks it with the other fields before it
 * sends, and an import row with the rest of its cells.
 */
export const customerCreateSchemaFor = (country: string | null) => customerCreateSchema.extend({ phone: phoneOf(country) });
export const customerUpdateSchemaFor = (country: string | null) => customerUpdateSchema.extend({ phone: phoneOf(country) });

export type CustomerCreate = z.input<typeof customerCreateSchema>;
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

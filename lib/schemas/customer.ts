import { CUSTOMER_TYPES } from "./constants";
import { emailFormat, emailText, nameSchema } from "./fields";
import { createdSinceParam, listQuerySchema } from "./list-query";
import { CUSTOMER_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";


export const customerListQuerySchema = listQuerySchema(CUSTOMER_LIST).extend({ created_since: createdSinceParam });

/** Optional text: trimmed, and empty means none. */
const optionalText = (max: number) =>
  z
    .string()
    .trim()
    .max(max, { error: `At most ${max} characters` })
    .transform((value) => value || null)
    .nullable()
    .optional();

const optionalEmail = emailText
  .transform((value) => value || null)
  .pipe(emailFormat.nullable())
  .nullable()
  .optional();

const customerFields = {
  type: z.enum(CUSTOMER_TYPES, { error: "Type is individual or organization" }),
  name: nameSchema,
  phone: optionalText(50),
  email: optionalEmail,
  line1: optionalText(200),
  line2: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  state: optionalText(100),
  country: optionalText(100),
};

export const customerCreateSchema = z.strictObject({ ...customerFields, type: customerFields.type.default("individual") });

export const customerUpdateSchema = z.strictObject({
  ...customerFields,
  type: customerFields.type.optional(),
  name: nameSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
  sharing: sharingSchema.optional(),
});

export type CustomerCreate = z.input<typeof customerCreateSchema>;
export type CustomerUpdate = z.input<typeof customerUpdateSchema>;

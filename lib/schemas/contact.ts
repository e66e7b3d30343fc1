import { phoneOf } from "./customer";
import { nameSchema, optionalEmail, optionalText } from "./fields";
import { listQuerySchema } from "./list-query";
import { CUSTOMER_PART_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { z } from "./z";

/** How a contact likes to be reached: a channel of conversations, or a call. */
export const CONTACT_CHANNELS = ["email", "sms", "phone"] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];

/** A customer's contacts: active ones by default, the first made first (as a site's, without sharing: a contact is shared as its customer). */
export const contactListQuerySchema = listQuerySchema(CUSTOMER_PART_LIST).omit({ sharing: true });

const contactFields = {
  name: nameSchema,
  role: optionalText(100),
  email: optionalEmail,
  // Bounded before the service reads it into E.164 with the organization's country (phone.ts).
  phone: optionalText(50),
  preferred_channel: z.enum(CONTACT_CHANNELS, { error: "validation.contact.channel" }).nullable().optional(),
  receives_quotes: z.boolean().optional(),
  receives_invoices: z.boolean().optional(),
};

export const contactCreateSchema = z.strictObject(contactFields);

export const contactUpdateSchema = z.strictObject({
  ...contactFields,
  name: nameSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
});

/** The bodies with the phone read as the service reads it, with the organization's country, for a form to check before it sends. */
export const contactCreateSchemaFor = (country: string | null) => contactCreateSchema.extend({ phone: phoneOf(country) });
export const contactUpdateSchemaFor = (country: string | null) => contactUpdateSchema.extend({ phone: phoneOf(country) });

export type ContactCreate = z.input<typeof contactCreateSchema>;
export type ContactUpdate = z.input<typeof contactUpdateSchema>;

import { timeZoneSchema } from "./business";
import { COUNTRIES } from "./countries";
import { optionalText } from "./fields";
import { listQuerySchema } from "./list-query";
import { CUSTOMER_PART_LIST, STATUS_ACTIVE_REMOVED } from "./lists";
import { z } from "./z";

/** A customer's sites: active ones by default, the first made first (spec §5 list parameters, without sharing: a site is shared as its customer). */
export const siteListQuerySchema = listQuerySchema(CUSTOMER_PART_LIST).omit({ sharing: true });

const siteFields = {
  label: optionalText(100),
  line1: optionalText(200),
  line2: optionalText(200),
  zip: optionalText(20),
  city: optionalText(100),
  state: optionalText(100),
  country: z.enum(COUNTRIES, { error: "validation.country" }).nullable().optional(),
  access_notes: optionalText(2000),
  // Who to ask for at the site: one of the customer's contacts.
  contact: z.uuid({ error: "validation.contactId" }).nullable().optional(),
};

/** A new site; without a time zone it takes its country's, else its customer's location's or organization's (services/site.ts). */
export const siteCreateSchema = z.strictObject({
  ...siteFields,
  time_zone: timeZoneSchema.optional(),
});

export const siteUpdateSchema = z.strictObject({
  ...siteFields,
  time_zone: timeZoneSchema.optional(),
  status: z.enum(STATUS_ACTIVE_REMOVED).optional(),
});

export type SiteCreate = z.input<typeof siteCreateSchema>;
export type SiteUpdate = z.input<typeof siteUpdateSchema>;

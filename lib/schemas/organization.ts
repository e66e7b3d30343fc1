import { hexColorSchema, nameSchema } from "./fields";
import { MAILBOX_PROVIDERS } from "./constants";
import { COUNTRIES } from "./countries";
import { z } from "./z";
import { LANGUAGES } from "./auth";
import { businessDetailsSchema } from "./business";

const mailboxType = z.enum(MAILBOX_PROVIDERS, { error: "validation.mailboxProvider" });
const redirectUri = z.url().max(2000);
const opaque = (error: string) => z.string().min(1, { error }).max(4096);

/** Back from the provider's consent screen: what it put in the query, and where it sent the browser. */
export const oauthConnectSchema = z.strictObject({
  type: mailboxType,
  code: opaque("validation.oauth.noCode"),
  redirect_uri: redirectUri,
  state: opaque("validation.oauth.noState"),
});

/** POST /organization/{id}/oauth: where the browser should come back to; answers the provider's consent URL. */
export const oauthStartSchema = z.strictObject({ type: mailboxType, redirect_uri: redirectUri });
export type OauthStart = { url: string };

export const organizationUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  color: hexColorSchema.optional(),
  image: z.uuid({ error: "validation.imageId" }).nullable().optional(),
  // Where the organization works: phone numbers typed without a country code are of this country.
  country: z.enum(COUNTRIES, { error: "validation.country" }).nullable().optional(),
  // The language of its screens and of what goes to its customers.
  language: z.enum(LANGUAGES, { error: "validation.language" }).optional(),
  // What quotes and invoices print; replaces the stored details as a whole.
  business: businessDetailsSchema.optional(),
  // Connecting a mailbox: the code the provider sent back; disconnecting: null.
  oauth: z.union([z.null(), oauthConnectSchema]).optional(),
});

export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;

/** Where mail providers post an organization's inbound email; the token is its secret (shown to admins only). */
export const inboundEmailPath = (token: string) => `/api/api/inbound/email/${token}`;

/** POST /organization/{id}/inbound_token: the new address; the old one stops working at once. */
export type InboundTokenRotation = { inbound_email_url: string };

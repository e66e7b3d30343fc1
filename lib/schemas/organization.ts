import { hexColorSchema, nameSchema } from "./fields";
import { z } from "./z";

export const organizationUpdateSchema = z.strictObject({
  name: nameSchema.optional(),
  color: hexColorSchema.optional(),
  image: z.uuid({ error: "Image must be a file id" }).nullable().optional(),
  // Connecting a mailbox comes with the integrations; disconnecting is null.
  oauth: z.null().optional(),
});

export type OrganizationUpdate = z.input<typeof organizationUpdateSchema>;

/** Where mail providers post an organization's inbound email; the token is its secret (shown to admins only). */
export const inboundEmailPath = (token: string) => `/api/api/inbound/email/${token}`;

/** POST /organization/{id}/inbound_token: the new address; the old one stops working at once. */
export type InboundTokenRotation = { inbound_email_url: string };

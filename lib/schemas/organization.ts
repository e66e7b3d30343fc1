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

import { isAppPath } from "./app-path";
import { idListSchema, nameSchema } from "./fields";
import { z } from "./z";

export const notificationPatchSchema = z
  .strictObject({ read: idListSchema.optional(), remove: idListSchema.optional() })
  .refine((value) => value.read !== undefined || value.remove !== undefined, {
    error: "Give read or remove",
  });

export const notificationLinkSchema = z
  .string()
  .max(2000, { error: "At most 2000 characters" })
  .refine(isAppPath, { error: "Links go to a page of this app, starting with a single /" });

/** What a notification is created from; every writer goes through it. */
export const notificationCreateSchema = z.strictObject({
  title: nameSchema,
  content: z.string().max(2000, { error: "At most 2000 characters" }).default(""),
  link: notificationLinkSchema.nullable().default(null),
});
export type NotificationCreate = z.input<typeof notificationCreateSchema>;

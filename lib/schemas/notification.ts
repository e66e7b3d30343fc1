import { isAppPath } from "./app-path";
import { idListSchema, nameSchema } from "./fields";
import { z } from "./z";

export const notificationPatchSchema = z
  .strictObject({ read: idListSchema.optional(), remove: idListSchema.optional() })
  .refine((value) => value.read !== undefined || value.remove !== undefined, {
    error: "validation.notification.action",
  });

export const notificationLinkSchema = z
  .string()
  .max(2000)
  .refine(isAppPath, { error: "validation.appPath" });

/** What a notification is created from; every writer goes through it. */
export const notificationCreateSchema = z.strictObject({
  title: nameSchema,
  content: z.string().max(2000).default(""),
  link: notificationLinkSchema.nullable().default(null),
});
export type NotificationCreate = z.input<typeof notificationCreateSchema>;

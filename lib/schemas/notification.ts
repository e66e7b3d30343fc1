import { idListSchema, nameSchema } from "./fields";
import { z } from "./z";

export const notificationPatchSchema = z
  .strictObject({ read: idListSchema.optional(), remove: idListSchema.optional() })
  .refine((value) => value.read !== undefined || value.remove !== undefined, {
    error: "Give read or remove",
  });

const BASE = "http://app.invalid";

/**
 * A link inside this app: a path with a single leading "/". Refuses other
 * schemes (`javascript:`), other hosts (`https://x`, `//x`, `/\x`, which browsers
 * read as `//x`), and whitespace or control characters that browsers drop
 * before parsing (`/\t/x` is `//x` to them).
 */
export function isAppPath(link: unknown): link is string {
  if (typeof link !== "string" || !link.startsWith("/") || link.startsWith("//") || link.startsWith("/\\")) return false;
  if (/[\s\p{Cc}\\]/u.test(link)) return false;
  try {
    return new URL(link, BASE).origin === BASE;
  } catch {
    return false;
  }
}

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

import { nameSchema } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import { CONVERSATION_LIST, CONVERSATION_STATUSES } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";


/** How a conversation's number is shown: C-1042. */
export const conversationReference = (reference: number) => `C-${reference}`;

export const conversationListQuerySchema = listQuerySchema(CONVERSATION_LIST).extend({
  customer: listParam(z.uuid({ error: "Customer must be an id" })).optional(),
  // true: only conversations with messages the caller has not read.
  unread: z
    .enum(["true", "false"], { error: "Unread is true or false" })
    .transform((value) => value === "true")
    .optional(),
});

/**
 * PATCH /conversation/{id}. Marking read (`unread: 0`) or unread again (`unread: 1`:
 * its latest message, when the caller has read them all), both for the caller only, closing and re-opening are open to every member who
 * sees the conversation; title, customer, sharing and `removed` need customers_manage.
 */
export const conversationUpdateSchema = z.strictObject({
  unread: z
    .union([z.literal(0), z.literal(1)], { error: "Unread can be set to 0 (mark as read) or 1 (mark as unread)" })
    .optional(),
  status: z.enum(CONVERSATION_STATUSES, { error: `Status must be one of ${CONVERSATION_STATUSES.join(", ")}` }).optional(),
  title: nameSchema.optional(),
  customer: z.uuid({ error: "Customer must be a customer id" }).nullable().optional(),
  sharing: sharingSchema.optional(),
});

export type ConversationUpdate = z.input<typeof conversationUpdateSchema>;

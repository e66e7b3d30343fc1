import { nameSchema } from "./fields";
import { listParam, listQuerySchema } from "./list-query";
import { CONVERSATION_LIST, CONVERSATION_STATUSES } from "./lists";
import { sharingSchema } from "./sharing";
import { z } from "./z";


/** How a conversation's number is shown: C-1042. */
export const conversationReference = (reference: number) => `C-${reference}`;

export const conversationListQuerySchema = listQuerySchema(CONVERSATION_LIST).extend({
  customer: listParam(z.uuid({ error: "validation.param.id" })).optional(),
  // true: only conversations with messages the caller has not read.
  unread: z
    .enum(["true", "false"], { error: "validation.param.trueOrFalse" })
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
    .union([z.literal(0), z.literal(1)], { error: "validation.conversation.unread" })
    .optional(),
  status: z.enum(CONVERSATION_STATUSES, { error: "validation.param.oneOf" }).optional(),
  title: nameSchema.optional(),
  customer: z.uuid({ error: "validation.customerId" }).nullable().optional(),
  sharing: sharingSchema.optional(),
});

export type ConversationUpdate = z.input<typeof conversationUpdateSchema>;

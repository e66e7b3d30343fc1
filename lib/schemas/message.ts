import { CHANNEL_TRAITS, type WritableChannel } from "./channels";
import { MESSAGE_LIST_MAX } from "./constants";
import { emailSchema, idListSchema } from "./fields";
import { listParam } from "./list-query";
import { normalizePhone } from "./phone";
import { z } from "./z";

export const DELIVERY_STATES = ["queued", "sent", "failed"] as const;
export type DeliveryState = (typeof DELIVERY_STATES)[number];

export const MESSAGE_TITLE_MAX = 500;
export const MESSAGE_CONTENT_MAX = 100_000;
/** Attachments per message. */
export const MESSAGE_FILES_MAX = 20;

export const messageListQuerySchema = z.strictObject({
  conversation: listParam(z.uuid({ error: "validation.param.id" })).refine((ids) => ids.length > 0, {
    error: "validation.message.conversations",
  }),
  limit: z.coerce
    .number({ error: "validation.param.number" })
    .int({ error: "validation.param.wholeNumber" })
    .min(1, { error: "validation.param.min" })
    .max(MESSAGE_LIST_MAX, { error: "validation.param.max" })
    .default(MESSAGE_LIST_MAX),
});

/** A phone number in E.164 (+4930123456); national numbers are refused since the country is unknown. */
export const phoneSchema = z
  .string()
  .trim()
  .max(50)
  .transform((value, ctx) => {
    // The same numbers a customer's phone takes (phone.ts), written with their country code.
    const read = value.startsWith("+") ? normalizePhone(value, null) : null;
    if (!read || "error" in read) {
      ctx.addIssue({ code: "custom", message: "validation.phone.international" });
      return z.NEVER;
    }
    return read.number;
  });

const content = z
  .string()
  .trim()
  .min(1, { error: "validation.required" })
  .max(MESSAGE_CONTENT_MAX);
const title = z.string().trim().min(1, { error: "validation.required" }).max(MESSAGE_TITLE_MAX);

/** The message itself (spec §3 type), by channel. */
export const messageTypeSchema = z.discriminatedUnion(
  "id",
  [
    z.strictObject({ id: z.literal("email"), source: emailSchema, title, content }),
    z.strictObject({ id: z.literal("sms"), source: phoneSchema, content: content.max(1600) }),
    z.strictObject({ id: z.literal("note"), content }),
  ],
  { error: "validation.message.type" },
);

/**
 * POST /message: into a conversation, or to a customer (which starts a new
 * conversation with them). Files are ids of uploads for JSON; multipart sends
 * the files themselves.
 */
export const messageCreateSchema = z
  .strictObject({
    conversation: z.uuid({ error: "validation.param.id" }).optional(),
    customer: z.uuid({ error: "validation.param.id" }).optional(),
    type: messageTypeSchema,
    files: idListSchema.max(MESSAGE_FILES_MAX, { error: "validation.most.files" }).default([]),
  })
  .refine((value) => (value.conversation === undefined) !== (value.customer === undefined), {
    error: "validation.message.target",
    path: ["conversation"],
  })
  .refine((value) => value.files.length === 0 || CHANNEL_TRAITS[value.type.id].files, {
    error: "validation.message.smsFiles",
    path: ["files"],
  });

export type MessageCreate = z.input<typeof messageCreateSchema>;
export type MessageType = z.output<typeof messageTypeSchema>;

/** Fails the type check while a channel a member writes on has no message type above. */
type Holds<T extends true> = T;
export type EveryChannelHasAMessageType = Holds<[Exclude<WritableChannel, MessageType["id"]>] extends [never] ? true : false>;

/** GET /message/{id}/html: with `remote_images=true`, the email's https images are loaded too. */
export const messageHtmlQuerySchema = z.strictObject({
  remote_images: z
    .enum(["true", "false"], { error: "validation.param.trueOrFalse" })
    .transform((value) => value === "true")
    .default(false),
});

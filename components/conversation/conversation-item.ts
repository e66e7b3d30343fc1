import type { ConversationView } from "@/lib/entities/conversation";
import type { MessageView } from "@/lib/entities/message";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { Channel } from "@/lib/schemas/channels";

/** A conversation as GET /conversation and GET /conversation/{id} answer it. */
export type ConversationItem = Jsonify<ConversationView>;

/** A message as GET /message answers it. */
export type MessageItem = Jsonify<MessageView>;

/** The conversation's newest known address or number on a channel: where a reply goes. */
export const lastSource = (conversation: Pick<ConversationItem, "sources">, type: Channel) =>
  conversation.sources.filter((source) => source.type === type).pop()?.value ?? null;

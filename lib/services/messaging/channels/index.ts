import "server-only";
import { isChannel, type Channel, type MessageChannel } from "@/lib/schemas/channels";
import type { ChannelAdapter } from "./channel";
import { emailChannel } from "./email";
import { smsChannel } from "./sms";

export type { ChannelAdapter } from "./channel";

/** Every channel a message reaches someone outside on; a new one is one more adapter here. */
export const channels: Record<Channel, ChannelAdapter> = { email: emailChannel, sms: smsChannel };

/** The adapter of a stored message's channel; notes and answers on a public page have none, since they are never sent. */
export function channelOf(row: { channel: MessageChannel }): ChannelAdapter {
  if (!isChannel(row.channel)) throw new Error(`A message of ${row.channel} is not sent on any channel`);
  return channels[row.channel];
}

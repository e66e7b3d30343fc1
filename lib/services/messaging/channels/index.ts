import "server-only";
import type { Channel, MessageChannel } from "@/lib/schemas/channels";
import type { ChannelAdapter } from "./channel";
import { emailChannel } from "./email";
import { smsChannel } from "./sms";

export type { ChannelAdapter } from "./channel";

/** Every channel a message reaches someone outside on; a new one is one more adapter here. */
export const channels: Record<Channel, ChannelAdapter> = { email: emailChannel, sms: smsChannel };

/** The adapter of a stored message's channel; notes have none, since they are never sent. */
export function channelOf(row: { channel: MessageChannel }): ChannelAdapter {
  if (row.channel === "note") throw new Error("A note is not sent on any channel");
  return channels[row.channel];
}

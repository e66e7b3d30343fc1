"use client";
import { IconMail, IconMessage, IconNote, IconWorldWww } from "@tabler/icons-react";
import type { ComponentType } from "react";
import { CHANNELS, type MessageChannel, type WritableChannel } from "@/lib/schemas/channels";
import { SmsCounter } from "./sms-counter";

type ChannelLook = {
  icon: typeof IconMail;
  /** The action that writes one, and the title of its dialog (catalogue key, as every text here). */
  write: string;
  /** The same on a customer's card, where space is short. */
  writeShort: string;
  /** Where the message goes: the input and the customer's contact it starts from; null for notes, which go to nobody. */
  recipient: { input: "email" | "tel"; placeholder?: string; onFile: (customer: { email: string | null; phone: string | null }) => string | null } | null;
  /** Whether the message has a subject of its own. */
  subject: boolean;
  /** Rows the content starts with. */
  rows: number;
  /** Shown under the content while it is written: what the text will cost. */
  counter: ComponentType<{ text: string }> | null;
  /** The dialog's submit button. */
  submit: string;
};

/** How the screens show each channel and write on it (lib/schemas/channels.ts holds its words and what it carries). */
export const CHANNEL_LOOKS: Record<WritableChannel, ChannelLook> = {
  email: {
    icon: IconMail,
    write: "channel.email.write",
    writeShort: "channel.email.writeShort",
    recipient: { input: "email", onFile: (customer) => customer.email },
    subject: true,
    rows: 6,
    counter: null,
    submit: "channel.email.submit",
  },
  sms: {
    icon: IconMessage,
    write: "channel.sms.write",
    writeShort: "channel.sms.writeShort",
    recipient: { input: "tel", placeholder: "channel.sms.placeholder", onFile: (customer) => customer.phone },
    subject: false,
    rows: 3,
    counter: SmsCounter,
    submit: "channel.sms.submit",
  },
  note: {
    icon: IconNote,
    write: "channel.note.write",
    writeShort: "channel.note.writeShort",
    recipient: null,
    subject: false,
    rows: 6,
    counter: null,
    submit: "channel.note.submit",
  },
};

/** Each channel as a screen names it (CHANNEL_TRAITS' label, translated): "Email", "SMS", "Internal note". */
export const CHANNEL_LABELS: Record<MessageChannel, string> = {
  email: "channel.email.label",
  sms: "channel.sms.label",
  note: "channel.note.label",
  page: "channel.page.label",
};

/** How a stored message shows, whichever channel it came on: its icon, and whether its title is a subject of its own. */
export const MESSAGE_LOOKS: Record<MessageChannel, { icon: typeof IconMail; titled: boolean }> = {
  email: { icon: IconMail, titled: true },
  sms: { icon: IconMessage, titled: false },
  note: { icon: IconNote, titled: false },
  // The customer's answer on a public page: its title says what they answered.
  page: { icon: IconWorldWww, titled: true },
};

/** What a member writes on, in the order menus offer it: the channels, then a note. */
export const WRITE_ORDER: readonly WritableChannel[] = [...CHANNELS, "note"];

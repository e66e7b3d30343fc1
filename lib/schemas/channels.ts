/*
 * The channels a message travels on. Each one that reaches someone outside has
 * an adapter on the server (lib/services/messaging/channels/) and a look on the
 * screens (components/conversation/channel-looks.tsx); both are records keyed by
 * channel, so a new channel fails the type check until every place knows it.
 */

/** The channels that reach someone outside the organization. */
export const CHANNELS = ["email", "sms"] as const;
export type Channel = (typeof CHANNELS)[number];

/**
 * What a message is written on: a channel, a note the staff keep among themselves, or
 * the customer's answer on one of the organization's public pages (a quote's), which
 * comes in without an address and is never sent.
 */
export const MESSAGE_CHANNELS = ["note", "page", ...CHANNELS] as const;
export type MessageChannel = (typeof MESSAGE_CHANNELS)[number];
/** What a member writes on: the channels and notes (a page's entries are the customer's). */
export type WritableChannel = Exclude<MessageChannel, "page">;

export const isChannel = (value: MessageChannel): value is Channel => (CHANNELS as readonly string[]).includes(value);

/** An address or number a conversation has learned for the other party (spec: the conversation's sources), with the name they gave. */
export type ConversationSource = { type: Channel; value: string; name?: string };

type ChannelTraits = {
  /** As a screen names it: "Email". */
  label: string;
  /** One message in a sentence: "New text from …". */
  noun: string;
  /** Many, in a sentence: "the quota of 100 text messages". */
  plural: string;
  /** What a recipient on it is: "phone number"; null for notes, which go to nobody. */
  address: string | null;
  /** Whether its messages carry files. */
  files: boolean;
};

/** What each channel carries, and how screens, notifications and errors speak of it. */
export const CHANNEL_TRAITS: Record<MessageChannel, ChannelTraits> = {
  email: { label: "Email", noun: "email", plural: "emails", address: "email address", files: true },
  sms: { label: "SMS", noun: "text", plural: "text messages", address: "phone number", files: false },
  note: { label: "Internal note", noun: "note", plural: "notes", address: null, files: true },
  page: { label: "Public page", noun: "answer", plural: "answers", address: null, files: false },
};

/** Which way a message went: stored as written here. */
export const DIRECTIONS = ["incoming", "outgoing"] as const;
export type Direction = (typeof DIRECTIONS)[number];
/** A direction as the API writes it (views map it here, once): the spec spells incoming "incomming". */
export const API_DIRECTIONS = { incoming: "incomming", outgoing: "outgoing" } as const satisfies Record<Direction, string>;
export type ApiDirection = (typeof API_DIRECTIONS)[Direction];
/** Whether a message as the API answers it came in. */
export const cameIn = (direction: ApiDirection) => direction === API_DIRECTIONS.incoming;

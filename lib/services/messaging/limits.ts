/*
 * The bounds of messaging, in one place: what a message may carry, how fast
 * messages may come in, and how long the texts kept about them may be.
 */

/** What one email may carry in all, as common mail servers accept; also what one inbound message or picture message keeps as files. */
export const MESSAGE_BYTES = 25 * 1024 * 1024;

/** The largest raw email the inbound webhook reads (INBOUND_EMAIL_MAX_BYTES); bigger ones are refused before parsing (413). */
export const inboundEmailMaxBytes = () => Number(process.env.INBOUND_EMAIL_MAX_BYTES || MESSAGE_BYTES);

/** Inbound webhooks per client address: a mail provider forwards many messages; a prober of tokens is slowed down. */
export const inboundPerAddress = () => ({ limit: Number(process.env.INBOUND_LIMIT_PER_ADDRESS || 300), seconds: 60 });
/** Inbound messages per organization: one organization's flood does not fill the database. */
export const inboundPerOrganization = () => ({ limit: Number(process.env.INBOUND_LIMIT_PER_ORGANIZATION || 120), seconds: 60 });

/** The name a sender gives with their address, as kept. */
export const SENDER_NAME_MAX = 200;
/** A conversation's title, as one started by an inbound message gets it. */
export const CONVERSATION_TITLE_MAX = 200;
/** Why a message could not be sent or delivered, as kept on it. */
export const DELIVERY_REASON_MAX = 1000;
/** An inbound text's body (Twilio joins a long text into one of at most 1600 characters). */
export const INBOUND_TEXT_MAX = 10_000;

import "server-only";
import crypto from "node:crypto";
import { sessionSecret } from "@/lib/server/secret";
import type { EmailReplies } from "@/lib/entities/organization";

/**
 * Where a customer's reply to an email sent over SMTP comes back:
 * `reply+{key}@{INBOUND_EMAIL_DOMAIN}`, the host's mail service posting what
 * arrives for that domain to POST /inbound/email with INBOUND_EMAIL_SECRET.
 *
 * The key is the conversation's id and an HMAC-SHA256 of it (80 bits), in
 * lower-case hex, so it survives mail systems that change the case of a local
 * part and nobody can make one for another conversation. The conversation
 * names its organization. The key is derived from SESSION_SECRET for this use
 * only: it is never the organization's inbound token, which a customer must not see.
 */

const PURPOSE = "craftdesk reply address";
const UUID_HEX = /^[0-9a-f]{32}$/;
const MAC_HEX = 20;
const LOCAL = new RegExp(`^reply\\+([0-9a-f]{32})([0-9a-f]{${MAC_HEX}})$`);
const DOMAIN = /^(?=.{1,253}$)([a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?\.)+[a-z0-9-]{2,63}$/;
/** Shorter secrets are refused: the webhook would be guessable. */
export const INBOUND_SECRET_MIN = 16;

export type InboundDomainConfig = { domain: string; secret: string };

/**
 * INBOUND_EMAIL_DOMAIN and INBOUND_EMAIL_SECRET, or null unless both are set and
 * usable: an address whose replies the webhook would refuse is never handed out.
 */
export function inboundDomainConfig(): InboundDomainConfig | null {
  const domain = (process.env.INBOUND_EMAIL_DOMAIN ?? "").trim().toLowerCase();
  const secret = process.env.INBOUND_EMAIL_SECRET ?? "";
  if (!domain || !DOMAIN.test(domain) || secret.length < INBOUND_SECRET_MIN) return null;
  return { domain, secret };
}

/** How replies to the organization's emails come back: through its connected mailbox, else to a reply address when one can be handed out. */
export const emailReplies = (hasMailbox: boolean): EmailReplies => (hasMailbox ? "mailbox" : inboundDomainConfig() ? "reply_address" : "none");

/** What is wrong with the two variables, for the server log at start; null when nothing is. */
export function inboundDomainProblem(): string | null {
  const domain = (process.env.INBOUND_EMAIL_DOMAIN ?? "").trim();
  const secret = process.env.INBOUND_EMAIL_SECRET ?? "";
  if (!domain && !secret) return null;
  if (!domain) return "INBOUND_EMAIL_SECRET is set without INBOUND_EMAIL_DOMAIN: emails carry no reply address";
  if (!DOMAIN.test(domain.toLowerCase())) return `INBOUND_EMAIL_DOMAIN "${domain}" is not a domain name: emails carry no reply address`;
  if (secret.length < INBOUND_SECRET_MIN) {
    return `INBOUND_EMAIL_SECRET must be at least ${INBOUND_SECRET_MIN} characters (openssl rand -hex 24): emails carry no reply address`;
  }
  return null;
}

let derived: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = sessionSecret();
  if (derived?.secret !== secret) derived = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "", PURPOSE, 32)) };
  return derived.key;
}

const mac = (conversationHex: string) =>
  crypto.createHmac("sha256", key()).update(`conversation:${conversationHex}`).digest("hex").slice(0, MAC_HEX);

const toUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** The Reply-To of an email in the conversation, or null when replies do not come back this way. */
export function replyAddress(conversationId: string): string | null {
  const config = inboundDomainConfig();
  if (!config) return null;
  const hex = conversationId.replace(/-/g, "").toLowerCase();
  if (!UUID_HEX.test(hex)) throw new Error("A conversation id is a uuid");
  return `reply+${hex}${mac(hex)}@${config.domain}`;
}

/**
 * The conversation a recipient address was made for, or null when it is not a
 * reply address of this server's domain or was not made here (compared in constant time).
 */
export function conversationOfReplyAddress(address: string, domain: string): string | null {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0 || lower.slice(at + 1) !== domain) return null;
  const match = LOCAL.exec(lower.slice(0, at));
  if (!match) return null;
  const [, conversationHex, given] = match;
  const expected = Buffer.from(mac(conversationHex), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(given, "hex")) ? toUuid(conversationHex) : null;
}

/** The server secret a mail service authenticates with, compared in constant time whatever its length. */
export function inboundSecretHolds(given: string | null, secret: string): boolean {
  if (given === null) return false;
  const digest = (text: string) => crypto.createHash("sha256").update(text, "utf8").digest();
  return crypto.timingSafeEqual(digest(given), digest(secret));
}

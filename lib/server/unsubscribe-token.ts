import "server-only";
import crypto from "node:crypto";
import { sessionSecret } from "./secret";

/*
 * The secret part of a one-click unsubscribe link: the id of whom it is for and
 * an HMAC-SHA256 of that id with its kind, so a link works without signing in
 * and nobody can make one for someone else. Two kinds share the form: a member's
 * link turns off notification digests, a customer's turns off automated emails;
 * the signature says which (a member's id signed as a customer's is no token).
 * The key is derived from SESSION_SECRET for this use only (a token is never a
 * session seal, nor the other way round).
 */

const PURPOSE = "craftdesk notification email unsubscribe";
const UUID_HEX = /^[0-9a-f]{32}$/;

/** Whose emails a link turns off: a member's notification digests, or a customer's automated emails. */
export type UnsubscribeKind = "member" | "customer";
const KINDS: readonly UnsubscribeKind[] = ["member", "customer"];

let derived: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = sessionSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "", PURPOSE, 32)) };
  }
  return derived.key;
}

const mac = (kind: UnsubscribeKind, hex: string) => crypto.createHmac("sha256", key()).update(`${kind}:${hex}`).digest("hex");

const toUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** 96 hex characters: the id without dashes, then its signature for the kind. */
function tokenFor(kind: UnsubscribeKind, id: string): string {
  const hex = id.replace(/-/g, "").toLowerCase();
  if (!UUID_HEX.test(hex)) throw new Error(`A ${kind} id is a uuid`);
  return hex + mac(kind, hex);
}

/** Whom a token was made for, and for which emails; null when it was not made here (compared in constant time). */
export function unsubscribeTarget(token: string): { kind: UnsubscribeKind; id: string } | null {
  const lower = token.toLowerCase();
  const hex = lower.slice(0, 32);
  const given = lower.slice(32);
  if (!UUID_HEX.test(hex) || !/^[0-9a-f]{64}$/.test(given)) return null;
  const signature = Buffer.from(given, "hex");
  // Both kinds are compared, whichever matches, so the time taken tells nothing of the kind.
  const matches = KINDS.map((kind) => crypto.timingSafeEqual(Buffer.from(mac(kind, hex), "hex"), signature));
  const kind = KINDS.find((_, index) => matches[index]);
  return kind ? { kind, id: toUuid(hex) } : null;
}

const links = (origin: string, token: string) => ({ page: `${origin}/unsubscribe/${token}`, oneClick: `${origin}/api/api/unsubscribe/${token}` });

/** Where a digest's reader unsubscribes: the page (a person) and the one-click endpoint (a mail client, RFC 8058). */
export const unsubscribeLinks = (origin: string, memberId: string) => links(origin, tokenFor("member", memberId));

/** Where a customer turns off automated emails: the same page and endpoint, with a customer's token. */
export const customerUnsubscribeLinks = (origin: string, customerId: string) => links(origin, tokenFor("customer", customerId));

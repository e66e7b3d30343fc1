import "server-only";
import crypto from "node:crypto";
import { sessionSecret } from "./secret";

/**
 * The secret part of a one-click unsubscribe link: the member's id and an
 * HMAC-SHA256 of it, so a link works without signing in and nobody can make
 * one for another member. The key is derived from SESSION_SECRET for this use
 * only (a token is never a session seal, nor the other way round).
 */

const PURPOSE = "craftdesk notification email unsubscribe";
const UUID_HEX = /^[0-9a-f]{32}$/;

let derived: { secret: string; key: Buffer } | undefined;

function key(): Buffer {
  const secret = sessionSecret();
  if (derived?.secret !== secret) {
    derived = { secret, key: Buffer.from(crypto.hkdfSync("sha256", secret, "", PURPOSE, 32)) };
  }
  return derived.key;
}

const mac = (memberHex: string) => crypto.createHmac("sha256", key()).update(`member:${memberHex}`).digest("hex");

const toUuid = (hex: string) => `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;

/** 96 hex characters: the member id without dashes, then its signature. */
export function unsubscribeToken(memberId: string): string {
  const hex = memberId.replace(/-/g, "").toLowerCase();
  if (!UUID_HEX.test(hex)) throw new Error("A member id is a uuid");
  return hex + mac(hex);
}

/** The member a token was made for, or null when it was not made here (compared in constant time). */
export function memberOfUnsubscribeToken(token: string): string | null {
  const lower = token.toLowerCase();
  const memberHex = lower.slice(0, 32);
  const given = lower.slice(32);
  if (!UUID_HEX.test(memberHex) || !/^[0-9a-f]{64}$/.test(given)) return null;
  const expected = Buffer.from(mac(memberHex), "hex");
  return crypto.timingSafeEqual(expected, Buffer.from(given, "hex")) ? toUuid(memberHex) : null;
}

/** Where a digest's reader unsubscribes: the page (a person) and the one-click endpoint (a mail client, RFC 8058). */
export function unsubscribeLinks(origin: string, memberId: string) {
  const token = unsubscribeToken(memberId);
  return { page: `${origin}/unsubscribe/${token}`, oneClick: `${origin}/api/api/unsubscribe/${token}` };
}

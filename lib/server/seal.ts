import "server-only";
import crypto from "node:crypto";
import { sessionSecret } from "./secret";

/**
 * Secrets kept in the database (a mailbox's OAuth tokens) are sealed with
 * AES-256-GCM, so a copy of the database without the key tells nothing and a
 * tampered value fails to open. The key is ENCRYPTION_KEY (32 bytes as 64 hex
 * characters or base64), else derived from SESSION_SECRET with HKDF for this use
 * only. Sealed text: `v1.<iv>.<tag>.<ciphertext>`, each base64url.
 */

const PURPOSE = "craftdesk sealed credentials";
const VERSION = "v1";

let derived: { from: string; key: Buffer } | undefined;

function parseKey(value: string): Buffer {
  const trimmed = value.trim();
  const key = /^[0-9a-f]{64}$/i.test(trimmed) ? Buffer.from(trimmed, "hex") : Buffer.from(trimmed, "base64");
  if (key.length !== 32) throw new Error("ENCRYPTION_KEY must be 32 bytes: 64 hex characters or base64 (openssl rand -hex 32)");
  return key;
}

function key(): Buffer {
  const configured = process.env.ENCRYPTION_KEY;
  const from = configured ? `key:${configured}` : `secret:${sessionSecret()}`;
  if (derived?.from !== from) {
    derived = {
      from,
      key: configured ? parseKey(configured) : Buffer.from(crypto.hkdfSync("sha256", sessionSecret(), "", PURPOSE, 32)),
    };
  }
  return derived.key;
}

export class SealBroken extends Error {}

export function seal(plain: string): string {
  const iv = crypto.randomBytes(12);
  const cipher = crypto.createCipheriv("aes-256-gcm", key(), iv);
  const sealed = Buffer.concat([cipher.update(plain, "utf8"), cipher.final()]);
  return [VERSION, iv.toString("base64url"), cipher.getAuthTag().toString("base64url"), sealed.toString("base64url")].join(".");
}

/** The plain text, or SealBroken when the value was not sealed with this key (another key, or tampered with). */
export function unseal(value: string): string {
  const [version, iv, tag, sealed] = value.split(".");
  if (version !== VERSION || !iv || !tag || sealed === undefined) throw new SealBroken("The sealed value is not in a known format");
  try {
    const decipher = crypto.createDecipheriv("aes-256-gcm", key(), Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(sealed, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    throw new SealBroken("The sealed value does not open with this server's key");
  }
}

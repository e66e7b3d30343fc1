import "server-only";
import { unsealData } from "iron-session";

/**
 * Unsealing a session cookie derives its keys with PBKDF2 on every call, the
 * largest share of an authenticated request's own cost. What one sealed value
 * unseals to never changes under one secret, so the answer is kept for a while:
 * only values that did unseal (a forged cookie is never cached), at most
 * MAX_ENTRIES, least recently used out first. Whether the session still holds
 * is decided from its row (session-cache.ts), so ending one takes effect at once.
 */
const MAX_ENTRIES = 10_000;
const KEEP_MS = 10 * 60 * 1000;

type Entry = { sid: string; until: number };
const unsealed = new Map<string, Entry>();
let secretOfEntries = "";

export async function unsealSessionId(sealed: string, secret: string, ttlSeconds: number): Promise<string | undefined> {
  if (secret !== secretOfEntries) {
    unsealed.clear();
    secretOfEntries = secret;
  }
  const now = Date.now();
  const hit = unsealed.get(sealed);
  if (hit) {
    unsealed.delete(sealed);
    if (hit.until > now) {
      unsealed.set(sealed, hit);
      return hit.sid;
    }
  }
  const data = await unsealData<{ sid?: unknown }>(sealed, { password: secret, ttl: ttlSeconds });
  if (typeof data.sid !== "string") return undefined;
  unsealed.set(sealed, { sid: data.sid, until: now + KEEP_MS });
  if (unsealed.size > MAX_ENTRIES) unsealed.delete(unsealed.keys().next().value!);
  return data.sid;
}

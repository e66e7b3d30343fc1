import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { apiToken } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import { ApiError, unauthorized } from "./errors";
import { hitRateLimit } from "./rate-limit";
import { credentialSession, type SessionContext } from "./session";

export const TOKEN_PREFIX = "cdk_";
/** How much of the secret is kept in clear, to recognize a token in the list. */
const VISIBLE_CHARS = TOKEN_PREFIX.length + 6;
const TOUCH_AFTER_MS = 60_000;
const rateLimit = () => ({ limit: Number(process.env.API_TOKEN_RATE_LIMIT || 600), seconds: 60 });

export const hashToken = (secret: string) => crypto.createHash("sha256").update(secret).digest("hex");

/** A new secret (32 random bytes), its visible prefix and the hash that is stored. */
export function newTokenSecret() {
  const secret = TOKEN_PREFIX + crypto.randomBytes(32).toString("base64url");
  return { secret, prefix: secret.slice(0, VISIBLE_CHARS), hash: hashToken(secret) };
}

/** The bearer credential of the request: undefined without an Authorization header, "" when it is not a bearer one. */
export function bearerOf(req: Request): string | undefined {
  const header = req.headers.get("authorization");
  if (header === null) return undefined;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? "";
}

export const readOnlyToken = () => new ApiError(403, "errors.readOnlyToken");

/**
 * The member a token acts as, as they are now (role, location, status): one query,
 * never kept, so removing the member or the token, or its expiry, ends it at once.
 * The token works at the member's own location, as a session there would.
 */
export async function loadTokenSession(db: Db, secret: string): Promise<SessionContext> {
  if (!secret.startsWith(TOKEN_PREFIX)) throw unauthorized();
  const [row] = await db
    .select({
      id: apiToken.id,
      readOnly: apiToken.readOnly,
      lastUsedAt: apiToken.lastUsedAt,
      organizationId: member.organizationId,
      memberId: member.id,
      memberLocationId: member.locationId,
      roleId: role.id,
      privileges: role.privileges,
    })
    .from(apiToken)
    .innerJoin(member, and(eq(member.id, apiToken.memberId), eq(member.organizationId, apiToken.organizationId)))
    .innerJoin(role, eq(role.id, member.roleId))
    .where(and(eq(apiToken.tokenHash, hashToken(secret)), gt(apiToken.expiresAt, sql`now()`), eq(member.status, "active")))
    .limit(1);
  if (!row) throw unauthorized();
  await hitRateLimit(db, `api_token:${row.id}`, rateLimit());
  if (!row.lastUsedAt || Date.now() - row.lastUsedAt.getTime() > TOUCH_AFTER_MS) {
    await db.update(apiToken).set({ lastUsedAt: sql`now()` }).where(eq(apiToken.id, row.id));
  }
  return { ...credentialSession(`token:${row.id}`, row), token: { id: row.id, readOnly: row.readOnly } };
}

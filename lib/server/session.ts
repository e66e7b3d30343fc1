import "server-only";
import crypto from "node:crypto";
import { and, eq, gt } from "drizzle-orm";
import { sealData, unsealData } from "iron-session";
import type { Db } from "@/db/client";
import { session } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import type { Privilege } from "@/lib/schemas/constants";
import { isHttps } from "./request-info";
import { sessionSecret } from "./secret";

const COOKIE = "craftdesk_session";
const SECURE_COOKIE = `__Host-${COOKIE}`;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;

export type SessionContext = {
  sessionId: string;
  organizationId: string;
  memberId: string;
  locationId: string | null;
  /** The member's own location; null means the member may act at organization level. */
  memberLocationId: string | null;
  privileges: ReadonlySet<Privilege>;
};

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return decodeURIComponent(part.slice(eq + 1).trim());
  }
  return undefined;
}

async function sessionIdFrom(req: Request): Promise<string | undefined> {
  const sealed = readCookie(req, SECURE_COOKIE) ?? readCookie(req, COOKIE);
  if (!sealed) return undefined;
  const data = await unsealData<{ sid?: string }>(sealed, { password: sessionSecret(), ttl: MAX_AGE_SECONDS });
  return typeof data.sid === "string" ? data.sid : undefined;
}

/** The session the request carries, or null; one primary-key lookup. */
export async function loadSession(db: Db, req: Request): Promise<SessionContext | null> {
  const sid = await sessionIdFrom(req);
  if (!sid) return null;
  const [row] = await db
    .select({
      organizationId: session.organizationId,
      memberId: session.memberId,
      locationId: session.locationId,
      memberLocationId: member.locationId,
      privileges: role.privileges,
    })
    .from(session)
    .innerJoin(member, eq(member.id, session.memberId))
    .innerJoin(role, eq(role.id, member.roleId))
    .where(and(eq(session.id, sid), gt(session.expiresAt, new Date()), eq(member.status, "active")))
    .limit(1);
  if (!row) return null;
  return { sessionId: sid, ...row, privileges: new Set(row.privileges) };
}

/** Opens a new session (always a fresh id) and returns its Set-Cookie value. */
export async function openSession(
  db: Db,
  req: Request,
  values: { organizationId: string; memberId: string; locationId: string | null },
): Promise<string> {
  const sid = crypto.randomBytes(32).toString("base64url");
  await db.insert(session).values({ id: sid, ...values, expiresAt: new Date(Date.now() + MAX_AGE_SECONDS * 1000) });
  const sealed = await sealData({ sid }, { password: sessionSecret(), ttl: MAX_AGE_SECONDS });
  return cookieHeader(req, sealed, MAX_AGE_SECONDS);
}

export async function closeSession(db: Db, req: Request, sessionId: string): Promise<string> {
  await db.delete(session).where(eq(session.id, sessionId));
  return clearedCookie(req);
}

export async function closeMemberSessions(db: Db, memberId: string): Promise<void> {
  await db.delete(session).where(eq(session.memberId, memberId));
}

export function clearedCookie(req: Request): string {
  return cookieHeader(req, "", 0);
}

function cookieHeader(req: Request, value: string, maxAge: number): string {
  const secure = isHttps(req);
  const name = secure ? SECURE_COOKIE : COOKIE;
  const parts = [`${name}=${encodeURIComponent(value)}`, "Path=/", "HttpOnly", "SameSite=Lax", `Max-Age=${maxAge}`];
  if (secure) parts.push("Secure");
  return parts.join("; ");
}

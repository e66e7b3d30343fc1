import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import { sealData } from "iron-session";
import type { Db } from "@/db/client";
import { session } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import { location } from "@/db/schema/organization";
import type { Privilege } from "@/lib/schemas/constants";
import { isHttps } from "./request-info";
import { mayWorkAnywhere } from "./access";
import { purgeExpired } from "./purge";
import { sessionSecret } from "./secret";
import { cachedSession, updateCachedSession } from "./session-cache";
import { unsealSessionId } from "./unseal-cache";

const COOKIE = "craftdesk_session";
const SECURE_COOKIE = `__Host-${COOKIE}`;
const MAX_AGE_SECONDS = 30 * 24 * 60 * 60;
/** A session unused this long ends, whatever its age. */
const IDLE_SECONDS = 14 * 24 * 60 * 60;
// Last use is written at most this often, not on every request.
const TOUCH_AFTER_MS = 5 * 60 * 1000;

export type SessionContext = {
  sessionId: string;
  organizationId: string;
  memberId: string;
  locationId: string | null;
  /** The member's own location; null means the member may act at organization level. */
  memberLocationId: string | null;
  /** The member's role as it is now (workflows name roles). */
  roleId: string;
  privileges: ReadonlySet<Privilege>;
  /** Set when the request is authorized by an API token (api-token.ts) rather than a session cookie. */
  token?: { id: string; readOnly: boolean };
};

type MemberRow = { organizationId: string; memberId: string; memberLocationId: string | null; roleId: string; privileges: readonly string[] };

/**
 * The session a credential other than a login stands for (an API token, a calendar
 * feed): its member as they are now, at `locationId` (their own by default). Its id
 * matches no session row, so nothing written for a session can touch it.
 */
export function credentialSession(credential: `${"token" | "calendar_feed"}:${string}`, row: MemberRow, locationId: string | null = row.memberLocationId): SessionContext {
  return {
    sessionId: credential,
    organizationId: row.organizationId,
    memberId: row.memberId,
    locationId,
    memberLocationId: row.memberLocationId,
    roleId: row.roleId,
    privileges: new Set(row.privileges as Privilege[]),
  };
}

function readCookie(req: Request, name: string): string | undefined {
  const header = req.headers.get("cookie");
  if (!header) return undefined;
  for (const part of header.split(";")) {
    const eq = part.indexOf("=");
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

// Over https only the __Host- cookie counts: a plain one could have been planted
// by a sibling subdomain or a plain-http response.
const cookieName = (req: Request) => (isHttps(req) ? SECURE_COOKIE : COOKIE);

/** Whether the request carries a session cookie at all, valid or not. */
export function sentSessionCookie(req: Request): boolean {
  return readCookie(req, cookieName(req)) !== undefined;
}

async function sessionIdFrom(req: Request): Promise<string | undefined> {
  const raw = readCookie(req, cookieName(req));
  if (!raw) return undefined;
  try {
    return await unsealSessionId(decodeURIComponent(raw), sessionSecret(), MAX_AGE_SECONDS);
  } catch {
    return undefined; // malformed or tampered: no session
  }
}

/** A session as read from the database, before the location rule below. */
async function readSession(db: Db, sid: string) {
  const [row] = await db
    .select({
      organizationId: session.organizationId,
      memberId: session.memberId,
      locationId: session.locationId,
      lastSeenAt: session.lastSeenAt,
      expiresAt: session.expiresAt,
      activeLocationId: location.id,
      memberLocationId: member.locationId,
      roleId: role.id,
      privileges: role.privileges,
    })
    .from(session)
    .innerJoin(member, and(eq(member.id, session.memberId), eq(member.organizationId, session.organizationId)))
    .innerJoin(role, eq(role.id, member.roleId))
    .leftJoin(
      location,
      and(eq(location.id, session.locationId), eq(location.organizationId, session.organizationId), eq(location.status, "active")),
    )
    .where(
      and(
        eq(session.id, sid),
        gt(session.expiresAt, sql`now()`),
        gt(session.lastSeenAt, sql`now() - make_interval(secs => ${IDLE_SECONDS})`),
        eq(member.status, "active"),
      ),
    )
    .limit(1);
  return row;
}

/**
 * The session the request carries, or null; at most one query, none while the
 * session is kept (session-cache.ts). The location is checked against the member
 * as they are now: one who lost the right to work elsewhere (moved to a location,
 * no longer admin) or whose location was removed is put back at their own location.
 */
export async function loadSession(db: Db, req: Request): Promise<SessionContext | null> {
  const sid = await sessionIdFrom(req);
  if (!sid) return null;
  const row = await cachedSession(sid, () => readSession(db, sid));
  const now = Date.now();
  if (!row || row.expiresAt.getTime() <= now || row.lastSeenAt.getTime() <= now - IDLE_SECONDS * 1000) return null;
  const privileges = new Set(row.privileges);
  const mayRoam = mayWorkAnywhere(row.memberLocationId, row.privileges);
  let locationId = row.locationId !== null && row.activeLocationId === null ? row.memberLocationId : row.locationId;
  if (!mayRoam) locationId = row.memberLocationId;
  const stale = now - row.lastSeenAt.getTime() > TOUCH_AFTER_MS;
  if (locationId !== row.locationId) {
    await db.update(session).set({ locationId, lastSeenAt: sql`now()` }).where(eq(session.id, sid));
  } else if (stale) {
    // Only the time: a location change notifies every instance (migration 0013), a touch does not.
    await db.update(session).set({ lastSeenAt: sql`now()` }).where(eq(session.id, sid));
    updateCachedSession(sid, { ...row, lastSeenAt: new Date(now) });
  }
  return {
    sessionId: sid,
    organizationId: row.organizationId,
    memberId: row.memberId,
    locationId,
    memberLocationId: row.memberLocationId,
    roleId: row.roleId,
    privileges,
  };
}

/** Opens a new session (always a fresh id) and returns its Set-Cookie value. */
export async function openSession(
  db: Db,
  req: Request,
  values: { organizationId: string; memberId: string; locationId: string | null },
): Promise<string> {
  const sid = crypto.randomBytes(32).toString("base64url");
  await purgeExpired(db, IDLE_SECONDS);
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

import "server-only";
import { and, eq, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { session as sessionTable } from "@/db/schema/auth";
import { mailbox } from "@/db/schema/mailbox";
import { member, role } from "@/db/schema/member";
import { location, organization } from "@/db/schema/organization";
import { mayWorkAnywhere } from "@/lib/server/access";
import { ApiError, forbidden, notFound, unauthorized } from "@/lib/server/errors";
import { verifyNothing, verifySecret } from "@/lib/server/hash";
import { closeSession, openSession, type SessionContext } from "@/lib/server/session";
import { memberView } from "@/lib/entities/member";
import { organizationView } from "@/lib/entities/organization";
import { emailReplies } from "./messaging/reply-address";
import { checkLoginLimits, countLoginFailure, forgetLoginFailures } from "./login-limits";

const SWITCHABLE_LIMIT = 200;

/** What the app needs to render the signed-in shell, in one query. */
export async function sessionView(db: Db, session: Pick<SessionContext, "memberId" | "locationId">) {
  const [row] = await db
    .select({ member, organization, mailbox, privileges: role.privileges })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .leftJoin(mailbox, eq(mailbox.organizationId, member.organizationId))
    .innerJoin(role, eq(role.id, member.roleId))
    .where(eq(member.id, session.memberId));
  if (!row) throw unauthorized();
  const free = mayWorkAnywhere(row.member.locationId, row.privileges);
  // The locations this member may switch to (ARCHITECTURE.md §4), for the switcher.
  const locations = await db
    .select({ id: location.id, name: location.name })
    .from(location)
    .where(
      and(
        eq(location.organizationId, row.member.organizationId),
        eq(location.status, "active"),
        free ? undefined : eq(location.id, row.member.locationId!),
      ),
    )
    .orderBy(sql`lower(${location.name})`)
    .limit(SWITCHABLE_LIMIT);
  const current = session.locationId ? locations.find((l) => l.id === session.locationId) : undefined;
  const [fallback] =
    session.locationId && !current
      ? await db.select({ id: location.id, name: location.name }).from(location).where(eq(location.id, session.locationId))
      : [];
  return {
    organization: organizationView(row.organization, row.mailbox, emailReplies(row.mailbox !== null)),
    member: memberView(row.member),
    location: current ?? fallback ?? null,
    locations,
    privileges: row.privileges,
  };
}

export async function logIn(db: Db, req: Request, ip: string, input: { email: string; password: string }) {
  await checkLoginLimits(db, input.email, ip);
  const candidates = await db
    .select()
    .from(member)
    .where(and(eq(member.email, input.email), eq(member.status, "active")));
  let found: (typeof candidates)[number] | undefined;
  let checked = false;
  for (const candidate of candidates) {
    if (!candidate.passwordHash) continue;
    checked = true;
    if (await verifySecret(candidate.passwordHash, input.password)) {
      found = candidate;
      break;
    }
  }
  if (!found) {
    // Unknown emails and members without a password take as long as a wrong password.
    if (!checked) await verifyNothing(input.password);
    await countLoginFailure(db, input.email, ip);
    throw new ApiError(401, "errors.auth.wrongPassword");
  }
  await forgetLoginFailures(db, input.email, ip);
  const values = { organizationId: found.organizationId, memberId: found.id, locationId: found.locationId };
  const cookie = await openSession(db, req, values);
  return { cookie, view: await sessionView(db, values) };
}

export function logOut(db: Db, req: Request, session: SessionContext) {
  return closeSession(db, req, session.sessionId);
}

/** Moves the session to a location the member may work at (`mayWorkAnywhere`). */
export async function switchLocation(db: Db, session: SessionContext, locationId: string | null) {
  // Checked before the lookup, so a member tied to a location learns nothing about other location ids.
  if (session.memberLocationId !== locationId && !mayWorkAnywhere(session.memberLocationId, [...session.privileges])) {
    throw forbidden("errors.location.workOwn");
  }
  if (locationId !== null) {
    const [target] = await db
      .select({ id: location.id })
      .from(location)
      .where(
        and(
          eq(location.id, locationId),
          eq(location.organizationId, session.organizationId),
          eq(location.status, "active"),
        ),
      );
    if (!target) throw notFound("Location");
  }
  await db.update(sessionTable).set({ locationId }).where(eq(sessionTable.id, session.sessionId));
  return sessionView(db, { memberId: session.memberId, locationId });
}

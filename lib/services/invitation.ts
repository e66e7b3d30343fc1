import "server-only";
import crypto from "node:crypto";
import { and, eq, gt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member, role } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import type { z } from "@/lib/schemas/z";
import type { invitationAcceptSchema } from "@/lib/schemas/auth";
import { hashToken } from "@/lib/server/api-token";
import { appOrigin } from "@/lib/server/app-origin";
import { conflict, notFound } from "@/lib/server/errors";
import { hashSecret } from "@/lib/server/hash";
import { recordHistory } from "@/lib/server/history";
import { log } from "@/lib/server/log";
import { sendMail } from "@/lib/services/messaging/mail";
import { memberLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { assertGrantable } from "@/lib/server/privileges";
import { countHits, readHits, refuseOver } from "@/lib/server/rate-limit";
import { updateItem } from "@/lib/server/scoped";
import { openSession, type SessionContext } from "@/lib/server/session";
import { memberEntity } from "@/lib/entities/member";
import { sessionView } from "./session";

/** How long an invitation's link works. */
export const INVITATION_DAYS = 7;
const FAILURE_WINDOW_SECONDS = 15 * 60;
/** Unknown or expired links one address may open per window, as many as the failed logins it may make. */
const failuresPerAddress = () => Number(process.env.LOGIN_LIMIT_PER_ADDRESS || 30);
const failureKey = (ip: string) => `invitation:fail:ip:${ip}`;

/**
 * A new invitation: 32 random bytes as hex (the link's path token) and what is
 * stored of it, its SHA-256, so a database leak holds no working link.
 */
export function newInvitation(now = Date.now()) {
  const token = crypto.randomBytes(32).toString("hex");
  return { token, invitationHash: hashToken(token), invitationExpiresAt: new Date(now + INVITATION_DAYS * 24 * 60 * 60 * 1000) };
}

export type NewInvitation = ReturnType<typeof newInvitation>;

/** The moment a link stops working, as the reader's language writes it (in UTC, which the mail says). */
const expiryText = (date: Date, locale: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: "long", timeStyle: "short", timeZone: "UTC" }).format(date);

/** Emails the link; the member's name and address as they are in the database now. */
async function sendInvitationMail(db: Db, session: SessionContext, memberId: string, invitation: NewInvitation) {
  const [row] = await db
    .select({ name: member.name, email: member.email, organization: organization.name, language: organization.language })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.id, memberId), eq(member.organizationId, session.organizationId)));
  const [inviter] = await db.select({ name: member.name }).from(member).where(eq(member.id, session.memberId));
  if (!row) return;
  // The invited member reads it in their own language, else their organization's.
  const locale = memberLocale(null, row.language);
  const t = translatorFor(locale);
  const from = inviter?.name ?? t("invitation.someAdmin");
  const words = { from, organization: row.organization };
  await sendMail({
    to: row.email,
    subject: t("invitation.subject", words),
    text: [
      t("invitation.hello", { name: row.name }),
      "",
      t("invitation.body", words),
      "",
      `${appOrigin()}/invite/${invitation.token}`,
      "",
      t("invitation.expiry", { ...words, expires: expiryText(invitation.invitationExpiresAt, locale) }),
      "",
      t("invitation.unexpected"),
    ].join("\n"),
  });
}

/**
 * Sends the invitation of a member just created. The member exists whatever the
 * mail server says: a failure is logged and the invitation can be sent again
 * from the member's Security tab.
 */
export async function mailNewInvitation(db: Db, session: SessionContext, memberId: string, invitation: NewInvitation) {
  try {
    await sendInvitationMail(db, session, memberId, invitation);
  } catch (error) {
    log().error({ err: error, memberId }, "The invitation email could not be sent");
  }
}

/**
 * Sends a member a new invitation (the previous link stops working) with a fresh
 * week to accept it: through the shared write path, so sharing and the member's
 * role decide who may, and the member's history records it. Only for an active
 * member who has not set a password yet.
 */
export async function inviteMember(db: Db, session: SessionContext, id: string) {
  const invitation = newInvitation();
  const view = await updateItem(db, session, memberEntity, id, {}, {
    prepare: async (_tx, row) => ({ notes: { invitation: [null, `sent to ${row.email}`] } }),
    async check(tx, row) {
      // Like any change to another member, not for one whose role holds more than the sender's.
      const [held] = await tx.select({ privileges: role.privileges }).from(role).where(eq(role.id, row.roleId));
      assertGrantable(session, held?.privileges ?? []);
      if (row.status !== "active") throw conflict("errors.member.inviteRemoved");
      if (row.passwordHash !== null) throw conflict("errors.member.inviteHasPassword");
    },
    async after(tx, _before, after) {
      await tx
        .update(member)
        .set({ invitationHash: invitation.invitationHash, invitationExpiresAt: invitation.invitationExpiresAt })
        .where(eq(member.id, after.id));
    },
  });
  await sendInvitationMail(db, session, id, invitation);
  return { ...view, invitation_expires: invitation.invitationExpiresAt };
}

/** The pending invitation a link's token names: an active member whose link has not expired. */
async function invitationOf(db: Db, ip: string, token: string) {
  const key = failureKey(ip);
  refuseOver((await readHits(db, [key])).get(key), failuresPerAddress() - 1);
  const [row] = await db
    .select({ member, organization: organization.name })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.invitationHash, hashToken(token)), gt(member.invitationExpiresAt, sql`now()`), eq(member.status, "active")));
  if (!row) {
    await countHits(db, [key], FAILURE_WINDOW_SECONDS);
    throw notFound("Invitation");
  }
  return row;
}

/** What the invitation page shows: who is invited, to which organization, until when. */
export async function getInvitation(db: Db, ip: string, token: string) {
  const row = await invitationOf(db, ip, token);
  return {
    organization: { name: row.organization },
    member: { name: row.member.name, email: row.member.email },
    expires: row.member.invitationExpiresAt!,
  };
}

/** Sets the invited member's password, ends the invitation and signs them in. */
export async function acceptInvitation(db: Db, req: Request, ip: string, token: string, input: z.output<typeof invitationAcceptSchema>) {
  const found = await invitationOf(db, ip, token);
  const passwordHash = await hashSecret(input.password);
  const signedIn = await db.transaction(async (tx) => {
    const [row] = await tx
      .update(member)
      .set({ passwordHash, invitationHash: null, invitationExpiresAt: null, updatedAt: new Date() })
      .where(and(eq(member.id, found.member.id), eq(member.invitationHash, hashToken(token)), eq(member.status, "active")))
      .returning();
    // Accepted in another tab a moment ago.
    if (!row) throw notFound("Invitation");
    await recordHistory(tx, {
      organizationId: row.organizationId,
      entityType: "member",
      entityId: row.id,
      memberId: row.id,
      action: "updated",
      changes: { password: [found.member.passwordHash ? "set" : "not set", "set"] },
    });
    return { organizationId: row.organizationId, memberId: row.id, locationId: row.locationId };
  });
  const cookie = await openSession(db, req, signedIn);
  return { cookie, view: await sessionView(db, signedIn) };
}

/** The columns that end a pending invitation, for whatever settles it otherwise (removal, a password set). */
export const NO_INVITATION = { invitationHash: null, invitationExpiresAt: null } as const;

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { badRequest, conflict, notFound } from "@/lib/server/errors";
import { verifySecret } from "@/lib/server/hash";
import { sendMail } from "@/lib/services/messaging/mail";
import { checkCode, codeMail, issueCode } from "@/lib/server/one-time-code";
import { clearRateLimit, hitRateLimit } from "@/lib/server/rate-limit";
import type { SessionContext } from "@/lib/server/session";
import { log } from "@/lib/server/log";
import { memberLanguage } from "./member-language";

const CODES_PER_MEMBER = { limit: 3, seconds: 10 * 60 };
// Wrong current passwords per member: a stolen session must not become a password oracle.
const PROOFS_PER_MEMBER = { limit: 10, seconds: 15 * 60 };

const codeSubject = (memberId: string) => `member:${memberId}`;

async function ownRow(db: Db, session: SessionContext) {
  const [row] = await db
    .select({ email: member.email, passwordHash: member.passwordHash, language: memberLanguage })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.id, session.memberId), eq(member.organizationId, session.organizationId)));
  if (!row) throw notFound("Member");
  return row;
}

/** Emails a code to the member's current address; it stands in for the password of a member who has none. */
export async function requestMemberCode(db: Db, session: SessionContext, id: string) {
  // Only one's own account has this endpoint; any other id is a member the session cannot see.
  if (id !== session.memberId) throw notFound("Member");
  const row = await ownRow(db, session);
  if (row.passwordHash) throw conflict("You have a password: confirm the change with it");
  await hitRateLimit(db, `member-code:${session.memberId}`, CODES_PER_MEMBER);
  const code = await issueCode(db, codeSubject(session.memberId));
  await sendMail(codeMail(row.email, code, "confirm", row.language), `code ${code}`);
}

type Change = { email?: string; password?: string | null; current_password?: string; code?: string };

/**
 * Checks the proof a change of one's own email or password needs. Answers
 * whether the email changes, and the id of a code to spend in the write's
 * transaction (so a refused write leaves it usable, but a wrong code still
 * spends a try).
 */
export async function proveOwnChange(db: Db, session: SessionContext, change: Change) {
  const row = await ownRow(db, session);
  const emailChanges = change.email !== undefined && change.email !== row.email;
  if (!emailChanges && change.password === undefined) return { codeId: undefined };
  const limitKey = `member-proof:${session.memberId}`;
  await hitRateLimit(db, limitKey, PROOFS_PER_MEMBER);
  if (row.passwordHash) {
    if (!change.current_password) {
      throw badRequest([{ path: "current_password", message: "Enter your current password to change your email or password" }]);
    }
    if (!(await verifySecret(row.passwordHash, change.current_password))) {
      throw badRequest([{ path: "current_password", message: "The current password is not correct" }]);
    }
    await clearRateLimit(db, limitKey);
    return { codeId: undefined };
  }
  if (!change.code) {
    throw badRequest([{ path: "code", message: "Send a code to your email and enter it to change your email or password" }]);
  }
  const codeId = await checkCode(db, codeSubject(session.memberId), change.code, "code");
  await clearRateLimit(db, limitKey);
  return { codeId };
}

/** Tells the old address that the account now answers to another one. */
export async function sendEmailChangedNotice(oldEmail: string, newEmail: string) {
  try {
    await sendMail({
      to: oldEmail,
      subject: "Your Craftdesk email was changed",
      text: `Your Craftdesk email was changed to ${newEmail}.\n\nIf you did not make this change, contact an administrator of your organization right away.`,
    });
  } catch (error) {
    // The change is saved already; a mail server outage must not turn it into an error.
    log().error({ err: error }, "email change notice failed");
  }
}

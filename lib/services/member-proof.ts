import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { badRequest, conflict, notFound } from "@/lib/server/errors";
import { verifySecret } from "@/lib/server/hash";
import { sendMail } from "@/lib/services/messaging/mail";
import { memberLocale } from "@/lib/i18n/locales";
import { memberLanguageSql, memberTranslator } from "./member-language";
import { checkCode, codeMail, issueCode } from "@/lib/server/one-time-code";
import { clearRateLimit, hitRateLimit } from "@/lib/server/rate-limit";
import type { SessionContext } from "@/lib/server/session";
import { log } from "@/lib/server/log";

const CODES_PER_MEMBER = { limit: 3, seconds: 10 * 60 };
// Wrong current passwords per member: a stolen session must not become a password oracle.
const PROOFS_PER_MEMBER = { limit: 10, seconds: 15 * 60 };

const codeSubject = (memberId: string) => `member:${memberId}`;

async function ownRow(db: Db, session: SessionContext) {
  const [row] = await db
    .select({ email: member.email, passwordHash: member.passwordHash, language: memberLanguageSql })
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
  if (row.passwordHash) throw conflict("errors.member.hasPassword");
  await hitRateLimit(db, `member-code:${session.memberId}`, CODES_PER_MEMBER);
  const code = await issueCode(db, codeSubject(session.memberId));
  await sendMail(codeMail(row.email, code, "confirm", memberLocale(null, row.language)), `code ${code}`);
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
      throw badRequest([{ path: "current_password", message: "errors.member.currentPasswordNeeded" }]);
    }
    if (!(await verifySecret(row.passwordHash, change.current_password))) {
      throw badRequest([{ path: "current_password", message: "errors.member.currentPasswordWrong" }]);
    }
    await clearRateLimit(db, limitKey);
    return { codeId: undefined };
  }
  if (!change.code) {
    throw badRequest([{ path: "code", message: "errors.member.codeNeeded" }]);
  }
  const codeId = await checkCode(db, codeSubject(session.memberId), change.code, "code");
  await clearRateLimit(db, limitKey);
  return { codeId };
}

/** Tells the old address, in the member's language, that the account now answers to another one. */
export async function sendEmailChangedNotice(db: Db, memberId: string, oldEmail: string, newEmail: string) {
  try {
    const t = await memberTranslator(db, memberId);
    await sendMail({
      to: oldEmail,
      subject: t("email.changed.subject"),
      text: `${t("email.changed.body", { email: newEmail })}\n\n${t("email.changed.warning")}`,
    });
  } catch (error) {
    // The change is saved already; a mail server outage must not turn it into an error.
    log().error({ err: error }, "email change notice failed");
  }
}

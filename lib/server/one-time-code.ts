import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { oneTimeCode } from "@/db/schema/auth";
import { translatorFor } from "@/lib/i18n/messages";
import { badRequest } from "./errors";
import { hashSecret, verifySecret } from "./hash";

export const CODE_TTL_MS = 10 * 60 * 1000;
const MAX_TRIES = 5;

/**
 * One-time codes for sign-up and for confirming account changes. `subject` says
 * whose code it is: the email for sign-up, `member:<id>` for a member's own
 * confirmation, so a code of one kind never passes for the other.
 */
export async function issueCode(db: Db, subject: string): Promise<string> {
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  await db.insert(oneTimeCode).values({
    email: subject,
    codeHash: await hashSecret(code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  return code;
}

/** Hashes like `issueCode` without storing, so a request that issues nothing takes as long. */
export async function issueNothing(): Promise<void> {
  await hashSecret(crypto.randomInt(0, 1_000_000).toString());
}

/** What a code is for; each has its sentence in the catalogues. */
export type CodePurpose = "signup" | "recovery" | "confirm";

/** The mail that carries a code, in `locale`; the wording says what it is for. */
export function codeMail(to: string, code: string, purpose: CodePurpose, locale: string | null | undefined) {
  const t = translatorFor(locale);
  const use =
    purpose === "signup" ? t("mail.code.signup") : purpose === "recovery" ? t("mail.code.recovery") : t("mail.code.confirm");
  return {
    to,
    subject: t("mail.code.subject", { code }),
    text: `${t("mail.code.body", { code })}\n\n${use} ${t("mail.code.validity", { minutes: CODE_TTL_MS / 60_000 })}`,
  };
}

/** Spends one try on the newest unused code of `subject`; throws a 400 on `path` unless it matches. */
export async function checkCode(db: Db, subject: string, code: string, path: string): Promise<string> {
  const [latest] = await db
    .select()
    .from(oneTimeCode)
    .where(and(eq(oneTimeCode.email, subject), isNull(oneTimeCode.usedAt)))
    .orderBy(desc(oneTimeCode.createdAt))
    .limit(1);
  const invalid = (message: string) => badRequest([{ path, message }]);
  if (!latest || latest.expiresAt.getTime() <= Date.now()) throw invalid("errors.code.expired");
  // Counted outside any transaction, so a refused request still spends its try.
  const [counted] = await db
    .update(oneTimeCode)
    .set({ attempts: sql`${oneTimeCode.attempts} + 1` })
    .where(and(eq(oneTimeCode.id, latest.id), lt(oneTimeCode.attempts, MAX_TRIES)))
    .returning({ attempts: oneTimeCode.attempts });
  if (!counted) throw invalid("errors.code.tooMany");
  if (!(await verifySecret(latest.codeHash, code))) throw invalid("errors.code.wrong");
  return latest.id;
}

/** Marks a checked code used, inside the transaction it guards; throws unless this request is the first. */
export async function spendCode(tx: Db, codeId: string, path: string): Promise<void> {
  // The conditional update makes a code single-use even under concurrent requests.
  const used = await tx
    .update(oneTimeCode)
    .set({ usedAt: new Date() })
    .where(and(eq(oneTimeCode.id, codeId), isNull(oneTimeCode.usedAt)))
    .returning({ id: oneTimeCode.id });
  if (used.length === 0) throw badRequest([{ path, message: "errors.code.used" }]);
}

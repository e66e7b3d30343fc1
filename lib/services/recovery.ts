import "server-only";
import { and, asc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { session as sessionTable } from "@/db/schema/auth";
import { member } from "@/db/schema/member";
import type { z } from "@/lib/schemas/z";
import type { recoveryRequestSchema, recoverySchema } from "@/lib/schemas/auth";
import { hashSecret } from "@/lib/server/hash";
import { recordHistory } from "@/lib/server/history";
import { appOrigin } from "@/lib/server/app-origin";
import { sendMail } from "@/lib/services/messaging/mail";
import { checkCode, codeMail, issueCode, issueNothing, spendCode } from "@/lib/server/one-time-code";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { openSession } from "@/lib/server/session";
import { NO_INVITATION } from "./invitation";
import { forgetLoginFailures } from "./login-limits";
import { sessionView } from "./session";
import { codesPerAddress, languageOfAddress } from "./signup";

const CODES_PER_EMAIL = { limit: 3, seconds: 10 * 60 };
const CODE_PATH = "code";

// Its own subject, so a sign-up code never passes for a recovery code.
const codeSubject = (email: string) => `recovery:${email}`;

/**
 * Emails a code that lets the owner of an address set a new password. Whether or
 * not an account uses the address, the answer is the same 204 after the same
 * work (a hash and a mail), and both count against the same limits as sign-up codes.
 */
export async function requestRecoveryCode(db: Db, ip: string, input: z.output<typeof recoveryRequestSchema>) {
  await hitRateLimit(db, `otp:ip:${ip}`, codesPerAddress());
  await hitRateLimit(db, `recovery:email:${input.email}`, CODES_PER_EMAIL);
  const language = await languageOfAddress(db, input.email);
  if (language === null) {
    await issueNothing();
    await sendMail({
      to: input.email,
      subject: "No Craftdesk account uses this address",
      text: `Someone asked to reset the Craftdesk password of this address, but no account uses it. To create an organization, sign up at ${appOrigin()}/signup\n\nIf it was not you, ignore this email.`,
    });
    return;
  }
  const code = await issueCode(db, codeSubject(input.email));
  await sendMail(codeMail(input.email, code, "recovery", language), `code ${code}`);
}

/**
 * Sets the new password on every active account of the address (the code proves
 * the address, and login tries them all), ends their sessions, and signs in.
 */
export async function recoverAccount(db: Db, req: Request, ip: string, input: z.output<typeof recoverySchema>) {
  const codeId = await checkCode(db, codeSubject(input.email), input.code, CODE_PATH);
  const passwordHash = await hashSecret(input.password);

  const signedIn = await db.transaction(async (tx) => {
    await spendCode(tx, codeId, CODE_PATH);
    const accounts = await tx
      .select({ id: member.id, organizationId: member.organizationId, locationId: member.locationId, passwordHash: member.passwordHash })
      .from(member)
      .where(and(eq(member.email, input.email), eq(member.status, "active")))
      .orderBy(asc(member.createdAt));
    if (accounts.length === 0) throw new Error("unreachable: a recovery code is issued only to an active account");
    const ids = accounts.map((account) => account.id);
    // The emailed code proves the address as an invitation's link would: a pending invitation is settled too.
    await tx.update(member).set({ passwordHash, ...NO_INVITATION, updatedAt: new Date() }).where(inArray(member.id, ids));
    await tx.delete(sessionTable).where(inArray(sessionTable.memberId, ids));
    for (const account of accounts) {
      await recordHistory(tx, {
        organizationId: account.organizationId,
        entityType: "member",
        entityId: account.id,
        memberId: account.id,
        action: "updated",
        changes: { password: [account.passwordHash ? "set" : "not set", "set"] },
      });
    }
    const [first] = accounts;
    return { organizationId: first.organizationId, memberId: first.id, locationId: first.locationId };
  });

  await forgetLoginFailures(db, input.email, ip);
  const cookie = await openSession(db, req, signedIn);
  return { cookie, view: await sessionView(db, signedIn) };
}

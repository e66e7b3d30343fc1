import "server-only";
import crypto from "node:crypto";
import { and, desc, eq, gt, isNull, lt, sql } from "drizzle-orm";
import type { Db } from "@/db/client";
import { oneTimeCode } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import type { z } from "@/lib/schemas/z";
import type { otpRequestSchema, signupSchema } from "@/lib/schemas/auth";
import { badRequest, conflict, tooManyRequests } from "@/lib/server/errors";
import { hashSecret, verifySecret } from "@/lib/server/hash";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { sendMail } from "@/lib/server/mail";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { openSession } from "@/lib/server/session";
import { sessionView } from "./session";

const CODE_TTL_MS = 10 * 60 * 1000;
const CODES_PER_EMAIL = 3;
const MAX_TRIES = 5;
// Per client address; raised for test runs that sign up many organizations from one address.
const codesPerAddress = () => ({ limit: Number(process.env.OTP_LIMIT_PER_ADDRESS || 10), seconds: 60 * 60 });
const SHARED_WITH_ORGANIZATION = { default: "view" as const, locations: [] };

const alreadyMember = () => conflict("An account with this email already exists. Log in instead.");

async function hasActiveMember(db: Db, email: string): Promise<boolean> {
  const [row] = await db
    .select({ id: member.id })
    .from(member)
    .where(and(eq(member.email, email), eq(member.status, "active")))
    .limit(1);
  return row !== undefined;
}

export async function requestSignupCode(db: Db, ip: string, input: z.output<typeof otpRequestSchema>) {
  await hitRateLimit(db, `otp:ip:${ip}`, codesPerAddress());
  if (await hasActiveMember(db, input.email)) throw alreadyMember();
  const since = new Date(Date.now() - CODE_TTL_MS);
  const recent = await db
    .select({ createdAt: oneTimeCode.createdAt })
    .from(oneTimeCode)
    .where(and(eq(oneTimeCode.email, input.email), gt(oneTimeCode.createdAt, since)))
    .orderBy(oneTimeCode.createdAt);
  if (recent.length >= CODES_PER_EMAIL) {
    const freesAt = recent[0].createdAt.getTime() + CODE_TTL_MS;
    throw tooManyRequests(Math.max(1, Math.ceil((freesAt - Date.now()) / 1000)));
  }
  const code = crypto.randomInt(0, 1_000_000).toString().padStart(6, "0");
  await db.insert(oneTimeCode).values({
    email: input.email,
    codeHash: await hashSecret(code),
    expiresAt: new Date(Date.now() + CODE_TTL_MS),
  });
  await sendMail(
    {
      to: input.email,
      subject: `Your Craftdesk code: ${code}`,
      text: `Your one-time code is ${code}.\n\nIt is valid for 10 minutes. If you did not ask for it, ignore this email.`,
    },
    `code ${code}`,
  );
}

/** Spends one try on the newest code for the email; throws a 400 unless it matches. */
async function consumeCode(db: Db, email: string, code: string): Promise<string> {
  const [latest] = await db
    .select()
    .from(oneTimeCode)
    .where(and(eq(oneTimeCode.email, email), isNull(oneTimeCode.usedAt)))
    .orderBy(desc(oneTimeCode.createdAt))
    .limit(1);
  const invalid = (message: string) => badRequest([{ path: "otp", message }]);
  if (!latest || latest.expiresAt.getTime() <= Date.now()) throw invalid("The code has expired. Request a new one.");
  const [counted] = await db
    .update(oneTimeCode)
    .set({ attempts: sql`${oneTimeCode.attempts} + 1` })
    .where(and(eq(oneTimeCode.id, latest.id), lt(oneTimeCode.attempts, MAX_TRIES)))
    .returning({ attempts: oneTimeCode.attempts });
  if (!counted) throw invalid("Too many wrong codes. Request a new one.");
  if (!(await verifySecret(latest.codeHash, code))) throw invalid("The code is not correct");
  return latest.id;
}

export async function signUp(db: Db, req: Request, input: z.output<typeof signupSchema>) {
  const email = input.member.email;
  if (await hasActiveMember(db, email)) throw alreadyMember();
  const codeId = await consumeCode(db, email, input.otp);
  const passwordHash = await hashSecret(input.member.password);

  const created = await db.transaction(async (tx) => {
    // The conditional update makes a code single-use even under concurrent requests.
    const used = await tx
      .update(oneTimeCode)
      .set({ usedAt: new Date() })
      .where(and(eq(oneTimeCode.id, codeId), isNull(oneTimeCode.usedAt)))
      .returning({ id: oneTimeCode.id });
    if (used.length === 0) throw badRequest([{ path: "otp", message: "The code has already been used" }]);
    if (await hasActiveMember(tx, email)) throw alreadyMember();

    const [org] = await tx.insert(organization).values(input.organization).returning();
    const roleValues = { name: "Administrator", privileges: ["admin" as const], sharing: SHARED_WITH_ORGANIZATION };
    const [adminRole] = await tx
      .insert(role)
      .values({ organizationId: org.id, ...roleValues })
      .returning();
    const memberValues = { name: input.member.name, email, roleId: adminRole.id, sharing: SHARED_WITH_ORGANIZATION };
    const [founder] = await tx
      .insert(member)
      .values({ organizationId: org.id, ...memberValues, passwordHash })
      .returning();

    const base = { organizationId: org.id, memberId: founder.id, action: "created" as const };
    await recordHistory(tx, { ...base, entityType: "organization", entityId: org.id, changes: creationChanges(input.organization) });
    await recordHistory(tx, { ...base, entityType: "role", entityId: adminRole.id, changes: creationChanges(roleValues) });
    const { roleId, ...shownMemberValues } = memberValues;
    await recordHistory(tx, {
      ...base,
      entityType: "member",
      entityId: founder.id,
      changes: creationChanges({ ...shownMemberValues, role: roleId }),
    });
    return { organizationId: org.id, memberId: founder.id, locationId: null };
  });

  const cookie = await openSession(db, req, created);
  return { cookie, view: await sessionView(db, created) };
}

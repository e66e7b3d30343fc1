import "server-only";
import { and, desc, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member, role } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import type { z } from "@/lib/schemas/z";
import type { otpRequestSchema, signupSchema } from "@/lib/schemas/auth";
import { countryOfLanguages } from "@/lib/schemas/countries";
import { DEFAULT_LOCALE, localeOfLanguages, type AppLocale } from "@/lib/i18n/locales";
import { conflict } from "@/lib/server/errors";
import { hashSecret } from "@/lib/server/hash";
import { creationChanges, recordHistory } from "@/lib/server/history";
import { appOrigin } from "@/lib/server/app-origin";
import { sendMail } from "@/lib/services/messaging/mail";
import { checkCode, codeMail, issueCode, issueNothing, spendCode } from "@/lib/server/one-time-code";
import { hitRateLimit } from "@/lib/server/rate-limit";
import { openSession } from "@/lib/server/session";
import { memberLanguageSql } from "./member-language";
import { sessionView } from "./session";

const CODES_PER_EMAIL = { limit: 3, seconds: 10 * 60 };
// Per client address; raised for test runs that sign up many organizations from one address.
export const codesPerAddress = () => ({ limit: Number(process.env.OTP_LIMIT_PER_ADDRESS || 10), seconds: 60 * 60 });
const SHARED_WITH_ORGANIZATION = { default: "view" as const, locations: [] };

const alreadyMember = () => conflict("errors.signup.exists");

export async function hasActiveMember(db: Db, email: string): Promise<boolean> {
  return (await languageOfAddress(db, email)) !== null;
}

/** The language of the newest active member with this address (theirs, else their organization's); null when none. */
export async function languageOfAddress(db: Db, email: string): Promise<string | null> {
  const [row] = await db
    .select({ language: memberLanguageSql })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(and(eq(member.email, email), eq(member.status, "active")))
    .orderBy(desc(member.createdAt))
    .limit(1);
  return row?.language ?? null;
}

/** The language a sign-up speaks: the one its body names, else the browser's, else en-US. */
const signupLocale = (req: Request, named: AppLocale | undefined): AppLocale =>
  named ?? localeOfLanguages(req.headers.get("accept-language")) ?? DEFAULT_LOCALE;

/**
 * Emails a sign-up code. An address that already has an account gets a pointer
 * to the login instead, and the answer is the same 204, so the endpoint does not
 * tell who has an account; both count against the same limits.
 */
export async function requestSignupCode(db: Db, req: Request, ip: string, input: z.output<typeof otpRequestSchema>) {
  await hitRateLimit(db, `otp:ip:${ip}`, codesPerAddress());
  await hitRateLimit(db, `otp:email:${input.email}`, CODES_PER_EMAIL);
  if (await hasActiveMember(db, input.email)) {
    await issueNothing();
    await sendMail({
      to: input.email,
      subject: "You already have a Craftdesk account",
      text: `You already have an account, sign in at ${appOrigin()}\n\nSomeone asked to sign up again with this address. If it was not you, ignore this email.`,
    });
    return;
  }
  const code = await issueCode(db, input.email);
  await sendMail(codeMail(input.email, code, "signup", signupLocale(req, input.language)), `code ${code}`);
}

export async function signUp(db: Db, req: Request, input: z.output<typeof signupSchema>) {
  const email = input.member.email;
  // The code first: without one, whether the email has an account is nobody's business.
  const codeId = await checkCode(db, email, input.otp, "otp");
  const passwordHash = await hashSecret(input.member.password);

  const created = await db.transaction(async (tx) => {
    await spendCode(tx, codeId, "otp");
    if (await hasActiveMember(tx, email)) throw alreadyMember();

    // Phone numbers typed without a country code read as numbers of the browser's country, until Organization settings say otherwise.
    const country = countryOfLanguages(req.headers.get("accept-language"));
    const language = signupLocale(req, input.organization.language);
    // A new organization sends automatic messages from the start; ones made before they existed opt in (automatic-messages/settings.ts).
    const [org] = await tx.insert(organization).values({ ...input.organization, language, country, automaticMessages: { enabled: true } }).returning();
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
    await recordHistory(tx, { ...base, entityType: "organization", entityId: org.id, changes: creationChanges({ ...input.organization, language, country }) });
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

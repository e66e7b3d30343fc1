import { getDb } from "@/db/client";
import { member, role } from "@/db/schema/member";
import type { Privilege } from "@/lib/schemas/constants";
import { eq } from "drizzle-orm";
import { location, organization } from "@/db/schema/organization";
import { POST as requestCode } from "@/app/api/api/otp/email/route";
import { POST as signup } from "@/app/api/api/signup/route";
import { POST as login } from "@/app/api/api/session/route";
import { hashSecret } from "@/lib/server/hash";
import type { Sharing } from "@/lib/schemas/sharing";
import { call, uniqueEmail } from "./api";
import type { SmtpCatcher } from "./smtp-catcher";


export const PASSWORD = "correct horse battery";

/** Signs up a new organization through the real endpoints, reading the code from the captured mail. */
export async function signUpOrganization(mailbox: SmtpCatcher, name = "Acme Plumbing") {
  const email = uniqueEmail("owner");
  const before = mailbox.mails.length;
  const sent = await call(requestCode, "POST", "/otp/email", { body: { email, language: "en-US" } });
  if (sent.status !== 204) throw new Error(`otp failed: ${JSON.stringify(sent.body)}`);
  const otp = await mailbox.codeFor(email, before);
  const res = await call(signup, "POST", "/signup", {
    body: { organization: { name, language: "en-US", color: "#0090FF" }, member: { name: "Olga Owner", email, password: PASSWORD }, otp },
  });
  if (res.status !== 201) throw new Error(`signup failed: ${JSON.stringify(res.body)}`);
  return { email, cookie: res.cookie!, view: res.body, organizationId: res.body.organization.id as string };
}

export async function addLocation(organizationId: string, name = "North branch", status: "active" | "removed" = "active") {
  const db = await getDb();
  const [row] = await db.insert(location).values({ organizationId, name, status }).returning();
  return row;
}

/** The country phone numbers without a country code are read in (set in organization settings). */
export async function setOrganizationCountry(organizationId: string, country: string | null) {
  const db = await getDb();
  await db.update(organization).set({ country }).where(eq(organization.id, organizationId));
}

/** Arranges a member directly in the database (member management has its own endpoints later). */
export async function addMember(
  organizationId: string,
  options: { privileges?: Privilege[]; locationId?: string | null; sharing?: Sharing; status?: "active" | "removed"; password?: string | null } = {},
) {
  const db = await getDb();
  const [memberRole] = await db
    .insert(role)
    .values({ organizationId, name: "Staff", privileges: options.privileges ?? [], locationId: options.locationId ?? null, sharing: options.sharing })
    .returning();
  const email = uniqueEmail("staff");
  const password = options.password === undefined ? PASSWORD : options.password;
  const [row] = await db
    .insert(member)
    .values({
      organizationId,
      name: "Sam Staff",
      email,
      roleId: memberRole.id,
      locationId: options.locationId ?? null,
      status: options.status ?? "active",
      sharing: options.sharing,
      passwordHash: password ? await hashSecret(password) : null,
    })
    .returning();
  return { member: row, role: memberRole, email };
}

export async function logInAs(email: string, password = PASSWORD) {
  const res = await call(login, "POST", "/session", { body: { email, password } });
  if (res.status !== 200) throw new Error(`login failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res.cookie!;
}

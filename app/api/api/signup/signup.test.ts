import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { getDb } from "@/db/client";
import { oneTimeCode } from "@/db/schema/auth";
import { member, role } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import { GET as getSession } from "@/app/api/api/session/route";
import { POST as requestCode } from "@/app/api/api/otp/email/route";
import { POST as signup } from "@/app/api/api/signup/route";
import { call, randomIp, uniqueEmail } from "@/test/api";
import { pointEnv } from "@/test/env";
import { makeCustomer } from "@/test/conversations";
import { PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const details = (email: string, otp: string, password = PASSWORD) => ({
  organization: { name: "Bright Sparks", language: "en-US", color: "#0090FF" },
  member: { name: "Erin Electric", email, password },
  otp,
});

async function codeFor(email: string) {
  const before = mailbox.mails.length;
  const res = await call(requestCode, "POST", "/otp/email", { body: { email, language: "en-US" } });
  expect(res.status).toBe(204);
  return mailbox.codeFor(email, before);
}

describe("POST /otp/email and POST /signup", () => {
  it("emails a code, then creates organization, admin role and member in one go and signs in", async () => {
    // The stored hash is under test here: hashed at the cost the app uses, not the tests' least work.
    onTestFinished(pointEnv({ TEST_REAL_PASSWORD_HASH: "1" }));
    const email = uniqueEmail();
    const otp = await codeFor(email);
    expect(otp).toMatch(/^\d{6}$/);

    const res = await call(signup, "POST", "/signup", { body: details(email.toUpperCase(), otp) });
    expect(res.status).toBe(201);
    expect(res.cookie).toMatch(/^craftdesk_session=/);
    expect(res.headers.get("set-cookie")).toMatch(/HttpOnly/);
    expect(res.headers.get("set-cookie")).toMatch(/SameSite=Lax/);
    expect(res.body.member).toMatchObject({ email, name: "Erin Electric" });
    expect(res.body.member).not.toHaveProperty("password");
    expect(res.body.organization).toMatchObject({ name: "Bright Sparks", color: "#0090FF", language: "en-US" });

    const db = await getDb();
    const [org] = await db.select().from(organization).where(eq(organization.id, res.body.organization.id));
    expect(org.color).toBe("#0090FF");
    const [founder] = await db.select().from(member).where(eq(member.email, email));
    expect(founder.passwordHash).toMatch(/^\$argon2id\$v=19\$m=19456,p=1,t=2\$/);
    const [adminRole] = await db.select().from(role).where(eq(role.id, founder.roleId));
    expect(adminRole).toMatchObject({ name: "Administrator", privileges: ["admin"], organizationId: org.id });
    const [code] = await db.select().from(oneTimeCode).where(eq(oneTimeCode.email, email));
    expect(code.codeHash).not.toContain(otp);

    const session = await call(getSession, "GET", "/session", { cookie: res.cookie });
    expect(session.status).toBe(200);
    expect(session.body.privileges).toEqual(["admin"]);
    expect(session.body.location).toBeNull();
  });

  it("defaults the organization color", async () => {
    const email = uniqueEmail();
    const otp = await codeFor(email);
    const body = details(email, otp);
    const res = await call(signup, "POST", "/signup", {
      body: { ...body, organization: { name: "No Color Ltd" } },
    });
    expect(res.status).toBe(201);
    expect(res.body.organization).toMatchObject({ color: "#0090FF", language: "en-US" });
  });

  it("takes the organization's country from the browser's languages, so a national phone number reads at once", async () => {
    const signUpWith = async (acceptLanguage: string | null) => {
      const email = uniqueEmail();
      const otp = await codeFor(email);
      const res = await call(signup, "POST", "/signup", { body: details(email, otp), headers: acceptLanguage ? { "accept-language": acceptLanguage } : {} });
      expect(res.status).toBe(201);
      return res;
    };
    const british = await signUpWith("en-GB,en;q=0.9,de;q=0.8");
    expect(british.body.organization.country).toBe("GB");
    const customer = await makeCustomer(british.cookie!, { name: "Mia Miller", phone: "07911 444555" });
    expect(customer).toMatchObject({ id: expect.any(String) });
    expect((await signUpWith("fr;q=0.5, de-AT")).body.organization.country).toBe("AT");
    expect((await signUpWith("en")).body.organization.country).toBeNull();
    expect((await signUpWith("zz-QQ")).body.organization.country).toBeNull();
    expect((await signUpWith(null)).body.organization.country).toBeNull();
  });

  it("rejects missing and malformed fields with readable errors", async () => {
    const res = await call(signup, "POST", "/signup", {
      body: { organization: { name: "" }, member: { email: "not-an-email", password: "short" } },
    });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("Invalid input");
    const byPath = Object.fromEntries(res.body.errors.map((e: { path: string; message: string }) => [e.path, e.message]));
    expect(byPath["organization.name"]).toBe("Required");
    expect(byPath["member.name"]).toBe("Required");
    expect(byPath["member.email"]).toBe("Enter a valid email address");
    expect(byPath["member.password"]).toBe("At least 12 characters");
    expect(byPath.otp).toBe("Required");

    const code = await call(requestCode, "POST", "/otp/email", { body: { email: "nope" } });
    expect(code.status).toBe(400);
    expect(code.body.errors).toEqual([{ path: "email", message: "Enter a valid email address" }]);
  });

  it("rejects unknown keys and bodies that are not JSON", async () => {
    const unknown = await call(requestCode, "POST", "/otp/email", { body: { email: uniqueEmail(), admin: true } });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0].message).toBe("Unknown field: admin");

    const broken = await call(requestCode, "POST", "/otp/email", { body: "{not json" });
    expect(broken.status).toBe(400);
  });

  it("refuses a password shorter than 12 characters even with a valid code", async () => {
    const email = uniqueEmail();
    const otp = await codeFor(email);
    const res = await call(signup, "POST", "/signup", { body: details(email, otp, "elevenchars") });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "member.password", message: "At least 12 characters" }]);
  });

  it("refuses a wrong code and creates nothing", async () => {
    const email = uniqueEmail();
    const otp = await codeFor(email);
    const wrong = otp === "000000" ? "111111" : "000000";
    const res = await call(signup, "POST", "/signup", { body: details(email, wrong) });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "otp", message: "The code is not correct" }]);
    const db = await getDb();
    expect(await db.select().from(member).where(eq(member.email, email))).toHaveLength(0);
  });

  it("refuses an expired code", async () => {
    const email = uniqueEmail();
    const otp = await codeFor(email);
    const db = await getDb();
    await db.update(oneTimeCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCode.email, email));
    const res = await call(signup, "POST", "/signup", { body: details(email, otp) });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].message).toBe("The code has expired. Request a new one.");
  });

  it("allows five tries; the sixth fails even with the right code", async () => {
    const email = uniqueEmail();
    const otp = await codeFor(email);
    const wrong = otp === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      const res = await call(signup, "POST", "/signup", { body: details(email, wrong) });
      expect(res.body.errors[0].message).toBe("The code is not correct");
    }
    const sixth = await call(signup, "POST", "/signup", { body: details(email, otp) });
    expect(sixth.status).toBe(400);
    expect(sixth.body.errors[0].message).toBe("Too many wrong codes. Request a new one.");
  });

  it("sends at most three codes per email in ten minutes (429 with Retry-After)", async () => {
    const email = uniqueEmail();
    for (let i = 0; i < 3; i++) {
      const res = await call(requestCode, "POST", "/otp/email", { body: { email } });
      expect(res.status).toBe(204);
    }
    const fourth = await call(requestCode, "POST", "/otp/email", { body: { email } });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
    expect(fourth.body.status).toBe(429);
  });

  it("limits codes per client address", async () => {
    const ip = randomIp();
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await call(requestCode, "POST", "/otp/email", { ip, body: { email: uniqueEmail() } })).status);
    }
    expect(statuses.slice(0, 10).every((s) => s === 204)).toBe(true);
    expect(statuses[10]).toBe(429);
  });

  it("uses a code only once", async () => {
    const email = uniqueEmail();
    const otp = await codeFor(email);
    expect((await call(signup, "POST", "/signup", { body: details(email, otp) })).status).toBe(201);
    const again = await call(signup, "POST", "/signup", { body: details(email, otp) });
    expect(again.status).toBe(400);
    expect(again.body.errors).toEqual([{ path: "otp", message: "The code has expired. Request a new one." }]);
  });

  it("answers an existing account like a new one (204), mailing a pointer to the login instead of a code", async () => {
    const { email } = await signUpOrganization(mailbox);
    const db = await getDb();
    const codesBefore = await db.select().from(oneTimeCode).where(eq(oneTimeCode.email, email));
    const before = mailbox.mails.length;
    const res = await call(requestCode, "POST", "/otp/email", { body: { email: email.toUpperCase(), language: "en-US" } });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const mails = mailbox.mails.slice(before).filter((mail) => mail.to.includes(email));
    expect(mails).toHaveLength(1);
    expect(mails[0].raw).toContain("You already have an account, sign in at http://localhost:3000");
    expect(mails[0].raw).not.toMatch(/code is \d{6}/);
    // No code was issued, so none can be used to sign up again.
    expect(await db.select().from(oneTimeCode).where(eq(oneTimeCode.email, email))).toEqual(codesBefore);
  });

  it("does not tell a sign-up without a valid code that the email has an account", async () => {
    const { email } = await signUpOrganization(mailbox);
    const fresh = uniqueEmail();
    const known = await call(signup, "POST", "/signup", { body: details(email, "123456") });
    const unknown = await call(signup, "POST", "/signup", { body: details(fresh, "123456") });
    expect(known.status).toBe(400);
    expect(known.body).toEqual(unknown.body);
  });

  it("limits requests for an existing account like any other: three per email, then 429", async () => {
    const { email } = await signUpOrganization(mailbox);
    for (let i = 0; i < 2; i++) {
      // The sign-up itself used the first of the three.
      expect((await call(requestCode, "POST", "/otp/email", { body: { email } })).status).toBe(204);
    }
    const fourth = await call(requestCode, "POST", "/otp/email", { body: { email } });
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("refuses cross-origin and non-JSON posts with 403", async () => {
    const cross = await call(requestCode, "POST", "/otp/email", { origin: "https://evil.example", body: { email: uniqueEmail() } });
    expect(cross.status).toBe(403);
    const missing = await call(requestCode, "POST", "/otp/email", { origin: null, body: { email: uniqueEmail() } });
    expect(missing.status).toBe(403);
    const form = await call(requestCode, "POST", "/otp/email", {
      headers: { "content-type": "application/x-www-form-urlencoded" },
      body: "email=a%40b.test",
    });
    expect(form.status).toBe(403);
    expect(mailbox.mails.some((mail) => mail.to.includes("a@b.test"))).toBe(false);
  });
});

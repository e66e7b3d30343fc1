import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { session as sessionTable } from "@/db/schema/auth";
import { member } from "@/db/schema/member";
import { POST as requestRecovery } from "@/app/api/api/otp/recovery/route";
import { POST as recover } from "@/app/api/api/session/recovery/route";
import { GET as getSession, POST as login } from "@/app/api/api/session/route";
import { call, randomIp, uniqueEmail } from "@/test/api";
import { addMember, logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
const NEW_PASSWORD = "a brand new passphrase";

async function recoveryCode(email: string, ip = randomIp()) {
  const before = mailbox.mails.length;
  const res = await call(requestRecovery, "POST", "/otp/recovery", { body: { email }, ip });
  expect(res.status).toBe(204);
  return mailbox.codeFor(email, before);
}

describe("POST /otp/recovery and POST /session/recovery", () => {
  it("sets a new password with the emailed code, signs in and ends the other sessions", async () => {
    const { email, organizationId } = await signUpOrganization(mailbox);
    const other = await logInAs(email);
    const code = await recoveryCode(email.toUpperCase());

    const res = await call(recover, "POST", "/session/recovery", { body: { email, code, password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.organization.id).toBe(organizationId);
    expect(res.cookie).toMatch(/^craftdesk_session=/);

    expect((await call(getSession, "GET", "/session", { cookie: other })).status).toBe(401);
    expect((await call(getSession, "GET", "/session", { cookie: res.cookie })).status).toBe(200);
    const old = await call(login, "POST", "/session", { body: { email, password: PASSWORD } });
    expect(old.status).toBe(401);
    await logInAs(email, NEW_PASSWORD);

    const db = await getDb();
    const [row] = await db.select().from(member).where(eq(member.email, email));
    const [entry] = await db
      .select()
      .from(history)
      .where(and(eq(history.entityId, row.id), eq(history.action, "updated")));
    expect(entry.changes).toEqual({ password: ["set", "set"] });
    expect(JSON.stringify(entry.changes)).not.toContain(NEW_PASSWORD);
  });

  it("lets a member whose password was cleared set one", async () => {
    const { organizationId } = await signUpOrganization(mailbox);
    const { email, member: staff } = await addMember(organizationId, { password: null });
    expect((await call(login, "POST", "/session", { body: { email, password: PASSWORD } })).status).toBe(401);

    const code = await recoveryCode(email);
    const res = await call(recover, "POST", "/session/recovery", { body: { email, code, password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    expect(res.body.member.id).toBe(staff.id);
    await logInAs(email, NEW_PASSWORD);
  });

  it("answers the same for an unknown address, mails no code, and a sign-up code does not pass for a recovery code", async () => {
    const email = uniqueEmail();
    const before = mailbox.mails.length;
    const res = await call(requestRecovery, "POST", "/otp/recovery", { body: { email } });
    expect(res.status).toBe(204);
    expect(res.body).toBeUndefined();
    const mail = await mailbox.next(email, before);
    expect(mail.raw).toContain("Subject: No Craftdesk account uses this address");
    expect(mail.raw).not.toMatch(/code is \d{6}/);

    const refused = await call(recover, "POST", "/session/recovery", { body: { email, code: "123456", password: NEW_PASSWORD } });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "code", message: "The code has expired. Request a new one." }]);
  });

  it("refuses a wrong code, counts tries, and a code works once", async () => {
    const { email } = await signUpOrganization(mailbox);
    const code = await recoveryCode(email);
    const wrong = code === "000000" ? "111111" : "000000";
    const bad = await call(recover, "POST", "/session/recovery", { body: { email, code: wrong, password: NEW_PASSWORD } });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "code", message: "The code is not correct" }]);
    await logInAs(email);

    expect((await call(recover, "POST", "/session/recovery", { body: { email, code, password: NEW_PASSWORD } })).status).toBe(200);
    const again = await call(recover, "POST", "/session/recovery", { body: { email, code, password: "yet another passphrase" } });
    expect(again.status).toBe(400);
    await logInAs(email, NEW_PASSWORD);

    const next = await recoveryCode(email);
    const wrongNext = next === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) {
      await call(recover, "POST", "/session/recovery", { body: { email, code: wrongNext, password: NEW_PASSWORD } });
    }
    const locked = await call(recover, "POST", "/session/recovery", { body: { email, code: next, password: NEW_PASSWORD } });
    expect(locked.body.errors).toEqual([{ path: "code", message: "Too many wrong codes. Request a new one." }]);
  });

  it("validates the new password and refuses a removed member", async () => {
    const { organizationId } = await signUpOrganization(mailbox);
    const { email } = await addMember(organizationId, { status: "removed" });
    const before = mailbox.mails.length;
    expect((await call(requestRecovery, "POST", "/otp/recovery", { body: { email } })).status).toBe(204);
    expect((await mailbox.next(email, before)).raw).toContain("Subject: No Craftdesk account uses this address");

    const short = await call(recover, "POST", "/session/recovery", { body: { email, code: "12345", password: "short" } });
    expect(short.status).toBe(400);
    expect(short.body.errors.map((e: { path: string }) => e.path).sort()).toEqual(["code", "password"]);
  });

  it("limits codes per email and per client address", async () => {
    const { email } = await signUpOrganization(mailbox);
    for (let i = 0; i < 3; i++) await recoveryCode(email);
    const limited = await call(requestRecovery, "POST", "/otp/recovery", { body: { email }, ip: randomIp() });
    expect(limited.status).toBe(429);

    const ip = randomIp();
    const limit = Number(process.env.OTP_LIMIT_PER_ADDRESS || 10);
    for (let i = 0; i < limit; i++) {
      expect((await call(requestRecovery, "POST", "/otp/recovery", { body: { email: uniqueEmail() }, ip })).status).toBe(204);
    }
    expect((await call(requestRecovery, "POST", "/otp/recovery", { body: { email: uniqueEmail() }, ip })).status).toBe(429);
  });

  it("sets the password on every active account of the address", async () => {
    const first = await signUpOrganization(mailbox, "First Co");
    const second = await signUpOrganization(mailbox, "Second Co");
    const db = await getDb();
    await db.update(member).set({ email: first.email }).where(eq(member.id, second.view.member.id));
    const code = await recoveryCode(first.email);
    const res = await call(recover, "POST", "/session/recovery", { body: { email: first.email, code, password: NEW_PASSWORD } });
    expect(res.status).toBe(200);
    const sessions = await db.select().from(sessionTable).where(eq(sessionTable.memberId, second.view.member.id));
    expect(sessions).toHaveLength(0);
    const [row] = await db.select().from(member).where(eq(member.id, second.view.member.id));
    const again = await call(login, "POST", "/session", { body: { email: first.email, password: NEW_PASSWORD } });
    expect(again.status).toBe(200);
    expect(row.passwordHash).not.toBeNull();
  });
});

import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { oneTimeCode, session as sessionTable } from "@/db/schema/auth";
import { member } from "@/db/schema/member";
import { POST as requestCode } from "@/app/api/api/member/[id]/code/route";
import { PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { GET as getSession, POST as login } from "@/app/api/api/session/route";
import { call, uniqueEmail } from "@/test/api";
import { addMember, logInAs, PASSWORD, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const NEW_PASSWORD = "a brand new passphrase";

const patch = (cookie: string, id: string, body: unknown) => call(patchMember, "PATCH", `/member/${id}`, { cookie, params: { id }, body });
const askCode = (cookie: string, id: string) => call(requestCode, "POST", `/member/${id}/code`, { cookie, params: { id }, body: {} });
const sessionOf = (cookie: string) => call(getSession, "GET", "/session", { cookie });
const tryLogin = (email: string, password: string) => call(login, "POST", "/session", { body: { email, password } });

async function memberRow(id: string) {
  const db = await getDb();
  const [row] = await db.select().from(member).where(eq(member.id, id));
  return row;
}

/** A member without privileges, signed in twice: the session of the thief and the owner's other one. */
async function arrange(options: { password?: string | null } = {}) {
  const org = await signUpOrganization(mailbox);
  const staff = await addMember(org.organizationId, { password: options.password === undefined ? PASSWORD : options.password });
  const db = await getDb();
  // A member without a password has no login; sessions stand for ones opened by other means (e.g. before it was cleared).
  const open = async () => {
    if (staff.member.passwordHash) return logInAs(staff.email);
    const { openSession } = await import("@/lib/server/session");
    const req = new Request("http://localhost:3000/api/api/session");
    const cookie = await openSession(db, req, { organizationId: org.organizationId, memberId: staff.member.id, locationId: null });
    return cookie.split(";")[0];
  };
  return { org, id: staff.member.id, email: staff.email, cookie: await open(), other: await open() };
}

describe("changing one's own email or password needs proof", () => {
  it("refuses an email change without the current password or with a wrong one (400 on current_password), nothing changes", async () => {
    const { id, email, cookie, other } = await arrange();
    const before = await memberRow(id);
    const mailsBefore = mailbox.mails.length;
    const stolen = uniqueEmail("thief");
    const cases: [Record<string, unknown>, string][] = [
      [{ email: stolen }, "Enter your current password to change your email or password"],
      [{ email: stolen, current_password: "" }, "Enter your current password to change your email or password"],
      [{ email: stolen, current_password: "not the password" }, "The current password is not correct"],
      [{ email: stolen, code: "123456" }, "Enter your current password to change your email or password"],
      [{ password: NEW_PASSWORD }, "Enter your current password to change your email or password"],
      [{ password: null, current_password: "not the password" }, "The current password is not correct"],
    ];
    for (const [body, message] of cases) {
      const res = await patch(cookie, id, body);
      expect(res.status, JSON.stringify(body)).toBe(400);
      expect(res.body).toEqual({ status: 400, message: "Invalid input", errors: [{ path: "current_password", message }] });
    }
    expect(await memberRow(id)).toEqual(before);
    expect(mailbox.mails.slice(mailsBefore).filter((mail) => mail.to.includes(email) || mail.to.includes(stolen))).toEqual([]);
    expect((await sessionOf(other)).status).toBe(200);
    expect((await tryLogin(email, PASSWORD)).status).toBe(200);
  });

  it("with the current password changes the email, tells the old address, and ends the other sessions only", async () => {
    const { id, email, cookie, other } = await arrange();
    const next = uniqueEmail("moved");
    const before = mailbox.mails.length;
    const res = await patch(cookie, id, { email: next.toUpperCase(), current_password: PASSWORD });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ email: next });
    expect(res.body).not.toHaveProperty("current_password");
    expect((await memberRow(id)).email).toBe(next);

    const notice = mailbox.mails.slice(before).filter((mail) => mail.to.includes(email));
    expect(notice).toHaveLength(1);
    expect(notice[0].raw).toContain(`Your Craftdesk email was changed to ${next}`);
    expect(mailbox.mails.slice(before).some((mail) => mail.to.includes(next))).toBe(false);

    expect((await sessionOf(cookie)).status).toBe(200);
    expect((await sessionOf(other)).status).toBe(401);
    const db = await getDb();
    expect(await db.select().from(sessionTable).where(eq(sessionTable.memberId, id))).toHaveLength(1);
    expect((await tryLogin(next, PASSWORD)).status).toBe(200);
  });

  it("with the current password changes the password and ends the other sessions only; proof is not stored", async () => {
    const { id, email, cookie, other } = await arrange();
    const res = await patch(cookie, id, { password: NEW_PASSWORD, current_password: PASSWORD });
    expect(res.status).toBe(200);
    expect((await sessionOf(cookie)).status).toBe(200);
    expect((await sessionOf(other)).status).toBe(401);
    expect((await tryLogin(email, NEW_PASSWORD)).status).toBe(200);
    expect((await tryLogin(email, PASSWORD)).status).toBe(401);
  });

  it("asks for nothing when the email does not change or only other fields do", async () => {
    const { id, email, cookie, other } = await arrange();
    expect((await patch(cookie, id, { name: "Renamed", email: email.toUpperCase() })).status).toBe(200);
    expect((await patch(cookie, id, { notification_emails: "day" })).status).toBe(200);
    expect((await sessionOf(other)).status).toBe(200);
  });

  it("stops guessing the current password after 10 tries (429), even with the right one", async () => {
    const { id, cookie } = await arrange();
    for (let i = 0; i < 10; i++) {
      expect((await patch(cookie, id, { password: NEW_PASSWORD, current_password: `guess number ${i}` })).status).toBe(400);
    }
    const limited = await patch(cookie, id, { password: NEW_PASSWORD, current_password: PASSWORD });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("retry-after"))).toBeGreaterThan(0);
    expect((await memberRow(id)).passwordHash).not.toBeNull();
  });

  it("members_manage changes another member's email and password without that member's password", async () => {
    const { org, id, email, other } = await arrange();
    const next = uniqueEmail("managed");
    const before = mailbox.mails.length;
    const res = await patch(org.cookie, id, { email: next, password: NEW_PASSWORD });
    expect(res.status).toBe(200);
    expect((await memberRow(id)).email).toBe(next);
    expect((await tryLogin(next, NEW_PASSWORD)).status).toBe(200);
    const notice = mailbox.mails.slice(before).filter((mail) => mail.to.includes(email));
    expect(notice.map((mail) => mail.raw.includes(`Your Craftdesk email was changed to ${next}`))).toEqual([true]);
    expect((await sessionOf(other)).status).toBe(401);
    expect((await sessionOf(org.cookie)).status).toBe(200);
  });

  it("an admin changing their own email needs their own password too", async () => {
    const org = await signUpOrganization(mailbox);
    const founderId = org.view.member.id as string;
    const refused = await patch(org.cookie, founderId, { email: uniqueEmail("admin") });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "current_password", message: expect.any(String) }]);
    expect((await memberRow(founderId)).email).toBe(org.email);
  });
});

describe("a member without a password proves it with an emailed code", () => {
  it("POST /member/{id}/code mails a code to the current address; the change needs it (400 on code otherwise)", async () => {
    const { id, email, cookie, other } = await arrange({ password: null });
    const next = uniqueEmail("coded");
    const missing = await patch(cookie, id, { email: next });
    expect(missing.status).toBe(400);
    expect(missing.body.errors).toEqual([{ path: "code", message: "Send a code to your email and enter it to change your email or password" }]);
    // A current password is no proof for a member who has none.
    expect((await patch(cookie, id, { email: next, current_password: "anything at all" })).body.errors[0].path).toBe("code");

    const before = mailbox.mails.length;
    const sent = await askCode(cookie, id);
    expect(sent.status).toBe(204);
    const code = await mailbox.codeFor(email, before);
    const db = await getDb();
    const [stored] = await db.select().from(oneTimeCode).where(eq(oneTimeCode.email, `member:${id}`));
    expect(stored.codeHash).toMatch(/^\$argon2id\$/);
    expect(stored.expiresAt.getTime() - stored.createdAt.getTime()).toBeLessThanOrEqual(10 * 60 * 1000 + 1000);

    const wrong = code === "000000" ? "111111" : "000000";
    const refused = await patch(cookie, id, { email: next, code: wrong });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "code", message: "The code is not correct" }]);
    expect((await memberRow(id)).email).toBe(email);

    const ok = await patch(cookie, id, { email: next, code });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect((await memberRow(id)).email).toBe(next);
    expect((await sessionOf(other)).status).toBe(401);
    expect((await sessionOf(cookie)).status).toBe(200);

    // Used once.
    const again = await patch(cookie, id, { password: NEW_PASSWORD, code });
    expect(again.status).toBe(400);
    expect(again.body.errors[0].path).toBe("code");
    expect((await memberRow(id)).passwordHash).toBeNull();
  });

  it("sets a first password with a code", async () => {
    const { id, email, cookie } = await arrange({ password: null });
    const before = mailbox.mails.length;
    expect((await askCode(cookie, id)).status).toBe(204);
    const code = await mailbox.codeFor(email, before);
    expect((await patch(cookie, id, { password: NEW_PASSWORD, code })).status).toBe(200);
    expect((await tryLogin(email, NEW_PASSWORD)).status).toBe(200);
  });

  it("allows five tries per code; the sixth fails even with the right code", async () => {
    const { id, email, cookie } = await arrange({ password: null });
    const before = mailbox.mails.length;
    await askCode(cookie, id);
    const code = await mailbox.codeFor(email, before);
    const wrong = code === "000000" ? "111111" : "000000";
    for (let i = 0; i < 5; i++) expect((await patch(cookie, id, { password: NEW_PASSWORD, code: wrong })).status).toBe(400);
    const sixth = await patch(cookie, id, { password: NEW_PASSWORD, code });
    expect(sixth.body.errors).toEqual([{ path: "code", message: "Too many wrong codes. Request a new one." }]);
    expect((await memberRow(id)).passwordHash).toBeNull();
  });

  it("refuses an expired code", async () => {
    const { id, email, cookie } = await arrange({ password: null });
    const before = mailbox.mails.length;
    await askCode(cookie, id);
    const code = await mailbox.codeFor(email, before);
    const db = await getDb();
    await db.update(oneTimeCode).set({ expiresAt: new Date(Date.now() - 1000) }).where(eq(oneTimeCode.email, `member:${id}`));
    const res = await patch(cookie, id, { password: NEW_PASSWORD, code });
    expect(res.body.errors).toEqual([{ path: "code", message: "The code has expired. Request a new one." }]);
  });

  it("sends codes only for one's own account, only without a password, three per ten minutes", async () => {
    const { org, id, cookie } = await arrange({ password: null });
    const foreign = await askCode(cookie, org.view.member.id as string);
    expect(foreign.body).toEqual({ status: 404, message: "Member not found", resource: "Member" });
    const withPassword = await askCode(org.cookie, org.view.member.id as string);
    expect(withPassword.status).toBe(409);
    expect((await askCode(cookie, "not-a-uuid")).status).toBe(404);
    for (let i = 0; i < 3; i++) expect((await askCode(cookie, id)).status).toBe(204);
    const fourth = await askCode(cookie, id);
    expect(fourth.status).toBe(429);
    expect(Number(fourth.headers.get("retry-after"))).toBeGreaterThan(0);
  });

  it("a sign-up code for the same address is no proof", async () => {
    const { id, email, cookie } = await arrange({ password: null });
    const db = await getDb();
    // A code row under the plain email (what sign-up stores) must not count for the member.
    const { issueCode } = await import("@/lib/server/one-time-code");
    const signupCode = await issueCode(db, email);
    const res = await patch(cookie, id, { password: NEW_PASSWORD, code: signupCode });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe("code");
  });
});

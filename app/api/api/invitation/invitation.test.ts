import crypto from "node:crypto";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { member } from "@/db/schema/member";
import { GET as readInvitation, POST as acceptInvitation } from "@/app/api/api/invitation/[token]/route";
import { POST as resendInvitation } from "@/app/api/api/member/[id]/invitation/route";
import { GET as getMember, PATCH as patchMember } from "@/app/api/api/member/[id]/route";
import { POST as createMember } from "@/app/api/api/member/route";
import { POST as login } from "@/app/api/api/session/route";
import { call, randomIp, uniqueEmail } from "@/test/api";
import { invalid, notFound } from "@/test/answers";
import { logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();
const NEW_PASSWORD = "my own new passphrase";
const DAY_MS = 24 * 60 * 60 * 1000;

/** The invitation link's token in the newest mail to `email` after `before` mails. */
async function invitationToken(email: string, before: number) {
  const mail = await mailbox.next(email, before);
  const text = mail.raw.replace(/=\r?\n/g, "");
  const token = /\/invite\/([0-9a-f]{64})\b/.exec(text)?.[1];
  expect(token, text).toBeDefined();
  return { token: token!, raw: text };
}

const read = (token: string, ip = randomIp()) => call(readInvitation, "GET", `/invitation/${token}`, { params: { token }, ip });
const accept = (token: string, password = NEW_PASSWORD, ip = randomIp()) =>
  call(acceptInvitation, "POST", `/invitation/${token}`, { params: { token }, body: { password }, ip });

async function invite(org: Awaited<ReturnType<typeof signUpOrganization>>, name = "Ivy Invited") {
  const email = uniqueEmail("invited");
  const before = mailbox.mails.length;
  const res = await call(createMember, "POST", "/member", { cookie: org.cookie, body: { name, email, role: org.view.member.role } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return { email, id: res.body.id as string, created: res.body, ...(await invitationToken(email, before)) };
}

describe("member invitations", () => {
  it("emails a new member a link to set a password, stores only its hash, and signs them in once accepted", async () => {
    const org = await signUpOrganization(mailbox, "Invite Plumbing");
    const { email, id, created, token, raw } = await invite(org);
    expect(created.has_password).toBe(false);
    const expires = new Date(created.invitation_expires).getTime();
    expect(expires - Date.now()).toBeGreaterThan(7 * DAY_MS - 60_000);
    expect(expires - Date.now()).toBeLessThanOrEqual(7 * DAY_MS);
    expect(raw).toContain("Subject: Olga Owner invited you to Invite Plumbing on Craftdesk");

    const db = await getDb();
    const [row] = await db.select().from(member).where(eq(member.id, id));
    expect(row.invitationHash).toBe(crypto.createHash("sha256").update(token).digest("hex"));
    expect(JSON.stringify(row)).not.toContain(token);

    const shown = await read(token);
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ organization: { name: "Invite Plumbing" }, member: { name: "Ivy Invited", email }, expires: created.invitation_expires });

    const res = await accept(token);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.member.id).toBe(id);
    expect(res.body.member.invitation_expires).toBeNull();
    expect(res.cookie).toMatch(/^craftdesk_session=/);
    await logInAs(email, NEW_PASSWORD);

    // The link works once.
    expect(await read(token)).toMatchObject({ status: 404, body: notFound("Invitation") });
    expect((await accept(token, "yet another passphrase")).status).toBe(404);
    const listed = await call(getMember, "GET", `/member/${id}`, { cookie: org.cookie, params: { id } });
    expect(listed.body).toMatchObject({ has_password: true, invitation_expires: null });
  });

  it("sends a new link on request, which ends the previous one; an expired link is refused", async () => {
    const org = await signUpOrganization(mailbox);
    const { email, id, token: first } = await invite(org);
    const before = mailbox.mails.length;
    const res = await call(resendInvitation, "POST", `/member/${id}/invitation`, { cookie: org.cookie, params: { id }, body: {} });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ id, has_password: false });
    expect(new Date(res.body.invitation_expires).getTime()).toBeGreaterThan(Date.now() + 7 * DAY_MS - 60_000);
    const { token: second } = await invitationToken(email, before);
    expect(second).not.toBe(first);
    expect((await read(first)).status).toBe(404);
    expect((await read(second)).status).toBe(200);

    const db = await getDb();
    await db.update(member).set({ invitationExpiresAt: new Date(Date.now() - 1000) }).where(eq(member.id, id));
    expect(await read(second)).toMatchObject({ status: 404, body: notFound("Invitation") });
    expect((await accept(second)).status).toBe(404);
    // Still invited: the list shows it and a new link can be sent.
    const shown = await call(getMember, "GET", `/member/${id}`, { cookie: org.cookie, params: { id } });
    expect(shown.body.invitation_expires).not.toBeNull();
    const again = await call(resendInvitation, "POST", `/member/${id}/invitation`, { cookie: org.cookie, params: { id }, body: {} });
    expect(again.status).toBe(200);
  });

  it("refuses to invite a member who has a password or was removed, and removal revokes the link", async () => {
    const org = await signUpOrganization(mailbox);
    const founder = org.view.member.id as string;
    const withPassword = await call(resendInvitation, "POST", `/member/${founder}/invitation`, { cookie: org.cookie, params: { id: founder }, body: {} });
    expect(withPassword.status).toBe(409);
    expect(withPassword.body.details).toBe("This member has already set a password; they can recover it from the login screen");

    const { id, token } = await invite(org);
    const removed = await call(patchMember, "PATCH", `/member/${id}`, { cookie: org.cookie, params: { id }, body: { status: "removed" } });
    expect(removed.status).toBe(200);
    expect((await read(token)).status).toBe(404);
    const db = await getDb();
    const [row] = await db.select().from(member).where(eq(member.id, id));
    expect(row.invitationHash).toBeNull();
    const refused = await call(resendInvitation, "POST", `/member/${id}/invitation`, { cookie: org.cookie, params: { id }, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.details).toBe("This member has been removed; make them active to invite them again");
  });

  it("keeps an admin's password for a new member working, which settles the invitation", async () => {
    const org = await signUpOrganization(mailbox);
    const { id, token, email } = await invite(org);
    const set = await call(patchMember, "PATCH", `/member/${id}`, { cookie: org.cookie, params: { id }, body: { password: NEW_PASSWORD } });
    expect(set.status).toBe(200);
    expect((await read(token)).status).toBe(404);
    expect((await call(login, "POST", "/session", { body: { email, password: NEW_PASSWORD } })).status).toBe(200);
    const shown = await call(getMember, "GET", `/member/${id}`, { cookie: org.cookie, params: { id } });
    expect(shown.body).toMatchObject({ has_password: true, invitation_expires: null });
  });

  it("sends a new link to a corrected address, and the one sent to the old address stops working", async () => {
    const org = await signUpOrganization(mailbox);
    const { id, token } = await invite(org);
    const corrected = uniqueEmail("corrected");
    const before = mailbox.mails.length;
    const res = await call(patchMember, "PATCH", `/member/${id}`, { cookie: org.cookie, params: { id }, body: { email: corrected } });
    expect(res.status).toBe(200);
    const { token: fresh } = await invitationToken(corrected, before);
    expect((await read(token)).status).toBe(404);
    expect((await read(fresh)).body.member.email).toBe(corrected);
  });

  it("validates the password, and limits unknown links per address", async () => {
    const org = await signUpOrganization(mailbox);
    const { token } = await invite(org);
    const short = await accept(token, "short");
    expect(short.status).toBe(400);
    expect(short.body).toEqual(invalid("password", "At least 12 characters"));
    expect((await read(token)).status).toBe(200);

    const ip = randomIp();
    const limit = Number(process.env.LOGIN_LIMIT_PER_ADDRESS || 30);
    for (let i = 0; i < limit; i++) expect((await read(crypto.randomBytes(32).toString("hex"), ip)).status).toBe(404);
    expect((await read(token, ip)).status).toBe(429);
    expect((await read(token)).status).toBe(200);
  });
});

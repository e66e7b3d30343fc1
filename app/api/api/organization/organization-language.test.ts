import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET, PATCH } from "@/app/api/api/organization/[id]/route";
import { POST as requestRecovery } from "@/app/api/api/otp/recovery/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const patch = (id: string, cookie: string, body: unknown) => call(PATCH, "PATCH", `/organization/${id}`, { cookie, params: { id }, body });

describe("the organization's language", () => {
  it("is changed by an admin, kept, recorded, and speaks the members' recovery mail", async () => {
    const org = await signUpOrganization(mailbox, "Sanitär Huber");
    const res = await patch(org.organizationId, org.cookie, { language: "de-DE" });
    expect(res.status).toBe(200);
    const read = await call(GET, "GET", `/organization/${org.organizationId}`, { cookie: org.cookie, params: { id: org.organizationId } });
    expect(read.body.language).toBe("de-DE");
    const history = await call(getHistory, "GET", `/history?type=organization&id=${org.organizationId}`, { cookie: org.cookie });
    expect(history.body.items[0].changes).toEqual({ language: ["en-US", "de-DE"] });

    const before = mailbox.mails.length;
    expect((await call(requestRecovery, "POST", "/otp/recovery", { body: { email: org.email } })).status).toBe(204);
    const mail = await simpleParser((await mailbox.next(org.email, before)).raw);
    expect(mail.subject).toMatch(/^Ihr Craftdesk-Code: \d{6}$/);
    expect(mail.text).toContain("Damit legen Sie ein neues Passwort für Ihr Craftdesk-Konto fest.");
  });

  it("refuses a language Craftdesk does not speak with a readable message", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await patch(org.organizationId, org.cookie, { language: "it-IT" });
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([{ path: "language", message: "Choose a language from the list" }]);
  });

  it("is the admins' to change", async () => {
    const org = await signUpOrganization(mailbox);
    const staff = await addMember(org.organizationId);
    const res = await patch(org.organizationId, await logInAs(staff.email), { language: "fr-FR" });
    expect(res.status).toBe(403);
  });
});

import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { GET as getHistory } from "@/app/api/api/history/route";
import { PATCH } from "@/app/api/api/member/[id]/route";
import { POST as requestRecovery } from "@/app/api/api/otp/recovery/route";
import { GET as getSession } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const patch = (id: string, cookie: string, body: unknown) => call(PATCH, "PATCH", `/member/${id}`, { cookie, params: { id }, body });

describe("a member's own language", () => {
  it("is chosen by the member, kept, recorded, and speaks their recovery mail while the organization stays English", async () => {
    const org = await signUpOrganization(mailbox);
    const staff = await addMember(org.organizationId);
    const cookie = await logInAs(staff.email);

    const res = await patch(staff.member.id, cookie, { language: "de-DE" });
    expect(res.status).toBe(200);
    expect(res.body.language).toBe("de-DE");
    const session = await call(getSession, "GET", "/session", { cookie });
    expect(session.body.member.language).toBe("de-DE");
    expect(session.body.organization.language).toBe("en-US");
    const history = await call(getHistory, "GET", `/history?type=member&id=${staff.member.id}`, { cookie: org.cookie });
    expect(history.body.items[0].changes).toEqual({ language: [null, "de-DE"] });

    const before = mailbox.mails.length;
    expect((await call(requestRecovery, "POST", "/otp/recovery", { body: { email: staff.email } })).status).toBe(204);
    const mail = await simpleParser((await mailbox.next(staff.email, before)).raw);
    expect(mail.subject).toMatch(/^Ihr Craftdesk-Code: \d{6}$/);
  });

  it("follows the organization again when cleared with an empty choice", async () => {
    const org = await signUpOrganization(mailbox);
    const founder = org.view.member.id as string;
    expect((await patch(founder, org.cookie, { language: "fr-FR" })).body.language).toBe("fr-FR");
    const cleared = await patch(founder, org.cookie, { language: "" });
    expect(cleared.status).toBe(200);
    expect(cleared.body.language).toBeNull();

    const before = mailbox.mails.length;
    await call(requestRecovery, "POST", "/otp/recovery", { body: { email: org.email } });
    expect((await simpleParser((await mailbox.next(org.email, before)).raw)).subject).toMatch(/^Your Craftdesk code: \d{6}$/);
  });

  it("refuses a language Craftdesk does not speak, and another member's language is not the member's to set", async () => {
    const org = await signUpOrganization(mailbox);
    const staff = await addMember(org.organizationId);
    const cookie = await logInAs(staff.email);
    const refused = await patch(staff.member.id, cookie, { language: "it-IT" });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "language", message: "Choose a language from the list" }]);
    expect((await patch(org.view.member.id as string, cookie, { language: "de-DE" })).status).toBe(403);
  });
});

import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { POST as requestCode } from "@/app/api/api/otp/email/route";
import { POST as signup } from "@/app/api/api/signup/route";
import { call, uniqueEmail } from "@/test/api";
import { PASSWORD } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

async function codeMailFor(email: string, acceptLanguage: string, language?: string) {
  const before = mailbox.mails.length;
  const res = await call(requestCode, "POST", "/otp/email", {
    body: language ? { email, language } : { email },
    headers: { "accept-language": acceptLanguage },
  });
  expect(res.status).toBe(204);
  return simpleParser((await mailbox.next(email, before)).raw);
}

describe("the language of sign-up", () => {
  it("sends the sign-up code in German when the browser asks for German", async () => {
    const email = uniqueEmail();
    const mail = await codeMailFor(email, "de-AT,de;q=0.9,en;q=0.5");
    expect(mail.subject).toMatch(/^Ihr Craftdesk-Code: \d{6}$/);
    expect(mail.text).toContain("Damit schließen Sie Ihre Registrierung ab.");
    expect(mail.text).toContain("Er ist 10 Minuten gültig.");
  });

  it("sends it in the language the request names, over the browser's", async () => {
    const mail = await codeMailFor(uniqueEmail(), "de-DE", "fr-FR");
    expect(mail.subject).toMatch(/^Votre code Craftdesk : \d{6}$/);
    expect(mail.text).toContain("Utilisez-le pour terminer votre inscription.");
  });

  it("sends it in English when the browser names no language Craftdesk speaks", async () => {
    const mail = await codeMailFor(uniqueEmail(), "it-IT,es;q=0.8");
    expect(mail.subject).toMatch(/^Your Craftdesk code: \d{6}$/);
  });

  it("gives the new organization the browser's language unless the body names one", async () => {
    const signUpWith = async (acceptLanguage: string, language?: string) => {
      const email = uniqueEmail();
      const before = mailbox.mails.length;
      await call(requestCode, "POST", "/otp/email", { body: { email }, headers: { "accept-language": acceptLanguage } });
      const otp = await mailbox.codeFor(email, before);
      const organization = language ? { name: "Meisterbetrieb Huber", language } : { name: "Meisterbetrieb Huber" };
      const res = await call(signup, "POST", "/signup", {
        body: { organization, member: { name: "Jonas Huber", email, password: PASSWORD }, otp },
        headers: { "accept-language": acceptLanguage },
      });
      expect(res.status).toBe(201);
      return res.body.organization.language;
    };
    expect(await signUpWith("de")).toBe("de-DE");
    expect(await signUpWith("fr-CH,fr;q=0.9")).toBe("fr-FR");
    expect(await signUpWith("en-GB,en;q=0.9")).toBe("en-GB");
    expect(await signUpWith("nl-NL,en;q=0.5")).toBe("en-US");
    expect(await signUpWith("ja")).toBe("en-US");
    expect(await signUpWith("de-DE", "en-GB")).toBe("en-GB");
  });

  it("refuses a language Craftdesk does not speak", async () => {
    const res = await call(requestCode, "POST", "/otp/email", { body: { email: uniqueEmail(), language: "it-IT" } });
    expect(res.status).toBe(400);
    expect(res.body.errors[0].path).toBe("language");
  });
});

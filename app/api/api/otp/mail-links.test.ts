import { simpleParser } from "mailparser";
import { describe, expect, it, onTestFinished } from "vitest";
import { POST as requestSignupCode } from "@/app/api/api/otp/email/route";
import { POST as requestRecoveryCode } from "@/app/api/api/otp/recovery/route";
import { call, uniqueEmail } from "@/test/api";
import { pointEnv } from "@/test/env";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const HOSTILE = "evil.example";

/** A request whose Host and forwarded headers name another site, with the Origin that makes them consistent. */
const hostile = (forwarded: boolean): { origin: string; headers: Record<string, string> } => ({
  origin: `http://${HOSTILE}`,
  headers: forwarded ? { host: "localhost:3000", "x-forwarded-host": HOSTILE, "x-forwarded-proto": "http" } : { host: HOSTILE },
});

async function mailAfter(to: string, send: () => Promise<{ status: number }>) {
  const before = mailbox.mails.length;
  expect((await send()).status).toBe(204);
  const { raw } = await mailbox.next(to, before);
  expect(raw).not.toContain(HOSTILE);
  return (await simpleParser(raw)).text ?? "";
}

describe("links in mail", () => {
  it("point at localhost:PORT without APP_URL, whatever Host or X-Forwarded-Host the request names", async () => {
    const { email } = await signUpOrganization(mailbox);
    onTestFinished(pointEnv({ APP_URL: undefined, PORT: "4310", TRUST_PROXY: undefined }));

    const signIn = await mailAfter(email, () => call(requestSignupCode, "POST", "/otp/email", { body: { email, language: "en-US" }, ...hostile(false) }));
    expect(signIn).toContain("sign in at http://localhost:4310");

    // Behind a trusted proxy the forwarded host is the request's origin, and still not the links'.
    onTestFinished(pointEnv({ TRUST_PROXY: "1" }));
    const stranger = uniqueEmail("stranger");
    const signUp = await mailAfter(stranger, () => call(requestRecoveryCode, "POST", "/otp/recovery", { body: { email: stranger }, ...hostile(true) }));
    expect(signUp).toContain("sign up at http://localhost:4310/signup");
  });

  it("point at APP_URL when it is set", async () => {
    onTestFinished(pointEnv({ APP_URL: "https://office.example.com/", TRUST_PROXY: undefined }));
    const stranger = uniqueEmail("stranger");
    const text = await mailAfter(stranger, () =>
      call(requestRecoveryCode, "POST", "/otp/recovery", { body: { email: stranger }, origin: "https://office.example.com", headers: { host: HOSTILE } }),
    );
    expect(text).toContain("sign up at https://office.example.com/signup");
  });
});

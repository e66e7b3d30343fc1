import fs from "node:fs";
import path from "node:path";
import { simpleParser } from "mailparser";
import { expect, test } from "@playwright/test";
import { e2eDir } from "./paths";
import { rawEmail, signInByApi, signUpByApi } from "./support";

/** The newest notification digest the loopback SMTP server received for `to` (sent by the minute's digest run). */
async function digestTo(to: string) {
  const file = path.join(e2eDir, "mails.jsonl");
  let raw: string | undefined;
  await expect
    .poll(
      () => {
        const lines = fs.existsSync(file) ? fs.readFileSync(file, "utf8").trim().split("\n").filter(Boolean) : [];
        const mails = lines.map((line) => JSON.parse(line) as { to: string[]; raw: string });
        raw = mails.filter((mail) => mail.to.includes(to.toLowerCase()) && /^List-Unsubscribe:/m.test(mail.raw)).pop()?.raw;
        return raw;
      },
      // The first digest waits for the member's first minute, then for the next run on the minute.
      { timeout: 180_000, intervals: [1_000] },
    )
    .toBeTruthy();
  return simpleParser(raw!);
}

test("a notification digest arrives and its unsubscribe link turns the emails off with one click", async ({ page, request, baseURL }) => {
  test.setTimeout(300_000);
  const { email } = await signUpByApi(request, baseURL!);
  await signInByApi(request, baseURL!, email);
  const session = await (await request.get("/api/api/session")).json();
  const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();

  // A stranger writes in: the owner, who manages customers, is notified.
  const inbound = new URL(organization.inbound_email_url).pathname;
  const posted = await request.post(inbound, {
    headers: { "content-type": "message/rfc822" },
    data: rawEmail({ from: "Stella Stranger <stella@example.test>", to: "shop@example.test", subject: "Do you fix fences?", text: "Ours fell over." }),
  });
  expect(posted.status(), await posted.text()).toBe(202);

  const digest = await digestTo(email);
  expect(digest.text).toContain("New email from Stella Stranger");
  const link = /https?:\/\/\S+\/unsubscribe\/[0-9a-f]{96}/.exec(digest.text ?? "")?.[0];
  expect(link, digest.text).toBeTruthy();

  // The page asks before changing anything: opening it alone keeps the emails on.
  await page.goto(new URL(link!).pathname);
  await expect(page.getByRole("heading", { name: "Unsubscribe from notification emails" })).toBeVisible();
  await expect(page.getByText(email)).toHaveCount(0);
  const member = async () => (await (await request.get(`/api/api/member/${session.member.id}`)).json()).notification_emails;
  expect(await member()).toBe("every");

  await page.getByRole("button", { name: "Unsubscribe" }).click();
  await expect(page.getByText("You will no longer receive notification emails. You can turn them back on in your profile.")).toBeVisible();
  expect(await member()).toBe("never");
});

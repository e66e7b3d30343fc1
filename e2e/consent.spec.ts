/**
 * A customer's consent on a server of its own with Twilio configured (the shared
 * server has no SMS provider): the customer replies STOP, the thread and the
 * record say so, the composer refuses the next text with the reason, and the
 * customer's unsubscribe link turns automated emails off.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { distDir, freePort, serverApi, signUp, startServer, stopServer, type Server } from "./own-server";
import { DESKTOP, expectToast, logIn, picture } from "./support";

const TWILIO = { TWILIO_ACCOUNT_SID: `AC${"3".repeat(32)}`, TWILIO_AUTH_TOKEN: "e2e-twilio-auth-token", TWILIO_FROM: "+441134960999" };
const SESSION_SECRET = "consent-secret-consent-secret-consent-01";

/** A customer's unsubscribe token, written out independently of the app's: the id and its HMAC under a key derived from SESSION_SECRET. */
function customerToken(customerId: string) {
  const key = Buffer.from(crypto.hkdfSync("sha256", SESSION_SECRET, "", "craftdesk notification email unsubscribe", 32));
  const hex = customerId.replace(/-/g, "");
  return hex + crypto.createHmac("sha256", key).update(`customer:${hex}`).digest("hex");
}

/** A text as Twilio posts it to the organization's webhook, with Twilio's signature over the URL and the sorted fields. */
async function postText(base: string, token: string, from: string, body: string) {
  const url = `${base}/api/api/inbound/sms/twilio/${token}`;
  const sid = `SM${crypto.randomBytes(16).toString("hex")}`;
  const form: Record<string, string> = { AccountSid: TWILIO.TWILIO_ACCOUNT_SID, MessageSid: sid, From: from, To: TWILIO.TWILIO_FROM, Body: body, NumMedia: "0" };
  const payload = url + Object.keys(form).sort().map((name) => name + form[name]).join("");
  const signature = crypto.createHmac("sha1", TWILIO.TWILIO_AUTH_TOKEN).update(payload).digest("base64");
  const res = await fetch(url, { method: "POST", headers: { "content-type": "application/x-www-form-urlencoded", "x-twilio-signature": signature }, body: new URLSearchParams(form) });
  expect(res.status, await res.text()).toBe(200);
}

let server: Server | undefined;
let dataDir = "";

test.beforeAll(async () => {
  expect(fs.existsSync(path.join(distDir, "BUILD_ID")), `a build in ${distDir}`).toBe(true);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-consent-"));
  const port = await freePort();
  // Nothing is sent to Twilio here (STOP is confirmed by Twilio itself, and the text is refused before sending): its API is a closed port.
  server = await startServer(dataDir, port, { ...TWILIO, TWILIO_API_URL: "http://127.0.0.1:9", APP_URL: `http://127.0.0.1:${port}`, SESSION_SECRET });
});

test.afterAll(async () => {
  await stopServer(server);
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

test("a customer who replied STOP: the thread and the record say why, the composer refuses the next text with the reason, and the unsubscribe link turns automated emails off", async ({
  page,
}) => {
  test.setTimeout(180_000);
  const base = server!.base;
  const { email, cookie } = await signUp(server!, dataDir, "Acme Plumbing");
  const api = serverApi(server!, cookie);
  const phone = `+447911${String(crypto.randomInt(100_000, 999_999))}`;
  const customer = await api<{ id: string; organization: string }>("POST", "/customer", { type: "individual", name: "Quinn Quiet", phone, email: "quinn@example.test" });
  const organization = await api<{ inbound_email_url: string }>("GET", `/organization/${customer.organization}`);
  await postText(base, organization.inbound_email_url.split("/").at(-1)!, phone, "Stop");
  await page.setViewportSize(DESKTOP);

  await test.step("the record shows under the phone that the customer replied STOP, and automated emails on", async () => {
    await page.goto(`${base}/customer/${customer.id}`);
    await logIn(page, email);
    const form = page.locator("form");
    await expect(form.getByRole("status").filter({ hasText: "No texts go to this number" })).toContainText(
      /the customer replied STOP on .+\. Only the customer can turn texts back on, by replying START\./,
    );
    await expect(form.getByRole("switch", { name: "Automated emails" })).toBeChecked();
    await expect(page.getByRole("region", { name: "Contacts" }).getByTestId("customer-primary-contact")).toContainText("Texts off");
    await picture(page, "customer-consent");
  });

  await test.step("the thread shows the STOP and what it did; the composer refuses a text with the reason at the recipient", async () => {
    await page.getByRole("region", { name: "Conversations" }).getByRole("link", { name: /C-1001/ }).click();
    await expect(page.getByTestId("message")).toContainText("Stop");
    await expect(page.getByTestId("consent-line")).toHaveText(`${phone} opted out of text messages by replying STOP. No texts go to this number until the customer replies START.`);
    const reply = page.getByRole("region", { name: "Reply" });
    // A reply goes back the way the customer wrote: by SMS, to their number.
    await expect(reply.getByRole("textbox", { name: "Recipient" })).toHaveValue(phone);
    await reply.getByRole("textbox", { name: "Content" }).fill("We are on our way");
    await reply.getByRole("button", { name: "Send" }).click();
    const reason = `${phone} opted out of text messages by replying STOP. Only the customer can turn texts back on, by replying START.`;
    await expectToast(page, "Invalid input", reason);
    await expect(reply.getByText(reason)).toBeVisible();
    await expect(reply.getByRole("textbox", { name: "Recipient" })).toHaveAttribute("aria-invalid", "true");
    // Nothing was written: the thread holds the STOP alone.
    await expect(page.getByTestId("message")).toHaveCount(1);
    await picture(page, "composer-refused");
  });

  await test.step("the customer's unsubscribe page asks first, then turns automated emails off; the record shows it", async () => {
    await page.goto(`${base}/unsubscribe/${customerToken(customer.id)}`);
    await expect(page.getByRole("heading", { name: "Unsubscribe from automated emails" })).toBeVisible();
    await picture(page, "customer-unsubscribe");
    await page.getByRole("button", { name: "Unsubscribe" }).click();
    await expect(page.getByRole("status")).toHaveText("You will no longer receive automated emails from us. To get them again, just ask us.");
    await page.goto(`${base}/customer/${customer.id}`);
    await expect(page.locator("form").getByRole("switch", { name: "Automated emails" })).not.toBeChecked();
    await expect(page.getByTestId("customer-primary-contact")).toContainText("No automated emails");
  });

  await test.step("a member records that a contact asked by phone for no texts: it asks first, then the contact's number shows texts off", async () => {
    const other = `+447922${String(crypto.randomInt(100_000, 999_999))}`;
    await api("POST", `/customer/${customer.id}/contact`, { name: "Rae Quiet", phone: other });
    await page.reload();
    const contact = page.getByTestId("customer-contact").filter({ hasText: "Rae Quiet" });
    // The primary number is off already: it has the badge, not the button.
    await expect(page.getByTestId("customer-primary-contact").getByRole("button", { name: /^Stop texts to/ })).toHaveCount(0);
    await contact.getByRole("button", { name: /^Stop texts to/ }).click();
    const dialog = page.getByRole("dialog", { name: /^Stop texts to .+\?$/ });
    await expect(dialog).toContainText("until the customer replies START");
    await picture(page, "stop-texts");
    await dialog.getByRole("button", { name: "Stop texts" }).click();
    await expect(dialog).toBeHidden();
    await expect(contact).toContainText("Texts off");
    await expect(contact.getByRole("button", { name: /^Stop texts to/ })).toHaveCount(0);
    const consent = await api<{ phones: { phone: string; opted_out: { how: string } | null }[] }>("GET", `/customer/${customer.id}/consent`);
    expect(consent.phones.find((entry) => entry.phone === other)?.opted_out).toMatchObject({ how: "staff" });
  });
});

/**
 * Customers' replies to emails sent over SMTP: on the shared server (INBOUND_EMAIL_DOMAIN
 * and INBOUND_EMAIL_SECRET set, e2e/serve.mjs) an email written in a conversation carries
 * the conversation's reply address, and the reply posted by the mail service appears in
 * the thread; on a server of its own without them, Integrations and the email dialog
 * say that replies will not reach Craftdesk and what to set.
 */
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test, type Page } from "@playwright/test";
import { E2E_INBOUND_DOMAIN, E2E_INBOUND_SECRET } from "./inbound";
import { distDir, freePort, jsonHeaders, signUp, startServer, stopServer, type Server } from "./own-server";
import { expectToast, logIn, mailHeader, mailTo, rawEmail, signInByApi, signUpByApi, uniqueEmail } from "./support";

const DESKTOP = { width: 1280, height: 900 };

async function shot(page: Page, name: string) {
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('[role="dialog"]')].every((dialog) => getComputedStyle(dialog).opacity === "1")))
    .toBe(true);
  const file = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path: file, fullPage: (await page.getByRole("dialog").count()) === 0 });
  await test.info().attach(name, { path: file, contentType: "image/png" });
}

test("an email written in a conversation carries its reply address, and the customer's reply appears in the thread", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const { email } = await signUpByApi(request, baseURL!, "Oak & Ash Joinery");
  const headers = await signInByApi(request, baseURL!, email);
  const customerEmail = uniqueEmail("dora");
  const customer = await request.post("/api/api/customer", { headers, data: { type: "individual", name: "Dora Dunn", email: customerEmail } });
  expect(customer.ok(), await customer.text()).toBe(true);
  const started = await request.post("/api/api/message", {
    headers,
    data: { customer: (await customer.json()).id, type: { id: "note", content: "Dora asked for a kitchen quote." } },
  });
  expect(started.ok(), await started.text()).toBe(true);
  const conversationId = (await started.json()).conversation as string;

  await page.goto(`/conversation/${conversationId}`);
  await logIn(page, email);
  const actions = page.getByRole("button", { name: "Actions" });
  await expect(actions).toBeVisible();

  let replyTo = "";
  await test.step("the email dialog says nothing is lost, and the email goes out with the conversation's Reply-To", async () => {
    await actions.click();
    await page.getByRole("menuitem", { name: "New email" }).click();
    const dialog = page.getByRole("dialog", { name: "New email" });
    await expect(dialog.getByRole("textbox", { name: "Recipient" })).toHaveValue(customerEmail);
    await expect(dialog.getByText("Replies will not reach Craftdesk")).toHaveCount(0);
    await dialog.getByRole("textbox", { name: "Subject" }).fill("Kitchen quote");
    await dialog.getByRole("textbox", { name: "Content" }).fill("Dear Dora,\nthe quote is ready.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Message has been created");
    const raw = await mailTo(customerEmail, /the quote is ready/);
    expect(mailHeader(raw, "From")).toMatch(/no-reply@craftdesk\.local/);
    const header = mailHeader(raw, "Reply-To") ?? "";
    replyTo = /<([^<>]+)>/.exec(header)?.[1] ?? header;
    expect(replyTo).toMatch(new RegExp(`^reply\\+[0-9a-f]{52}@${E2E_INBOUND_DOMAIN.replace(/\./g, "\\.")}$`));
    await expect(page.getByTestId("message").last().getByTestId("delivery")).toHaveText("Sent");
  });

  await test.step("the mail service posts Dora's reply to the webhook, and it appears in the same conversation", async () => {
    const raw = rawEmail({ from: `Dora Dunn <${customerEmail}>`, to: replyTo, subject: "Re: Kitchen quote", text: "Thursday at nine suits me." });
    const refused = await request.post("/api/api/inbound/email", { headers: { "content-type": "message/rfc822" }, data: raw });
    expect(refused.status()).toBe(401);
    const auth = `Basic ${Buffer.from(`postfix:${E2E_INBOUND_SECRET}`).toString("base64")}`;
    const res = await request.post("/api/api/inbound/email", { headers: { "content-type": "message/rfc822", authorization: auth }, data: raw });
    expect(res.status(), await res.text()).toBe(202);
    expect((await res.json()).conversation).toBe(conversationId);
    await page.reload();
    const reply = page.getByTestId("message").last();
    await expect(reply).toHaveAttribute("data-direction", "incomming");
    await expect(reply).toContainText("Thursday at nine suits me.");
    await expect(reply).toContainText("Dora Dunn");
    await shot(page, "reply-in-thread");
  });

  await test.step("Integrations names the reply address's domain", async () => {
    await page.goto("/organization/integrations");
    const card = page.getByRole("region", { name: "Customer replies" });
    await expect(card).toContainText("Reply address");
    await expect(card).toContainText(`reply+…@${E2E_INBOUND_DOMAIN}`);
    await shot(page, "integrations-reply-address");
  });
});

test("without INBOUND_EMAIL_DOMAIN nor a mailbox, Integrations and the email dialog say replies will not reach Craftdesk", async ({ page }) => {
  test.setTimeout(180_000);
  expect(fs.existsSync(path.join(distDir, "BUILD_ID")), `a build in ${distDir}`).toBe(true);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-no-inbound-"));
  let server: Server | undefined;
  try {
    server = await startServer(dataDir, await freePort(), { INBOUND_EMAIL_DOMAIN: "", INBOUND_EMAIL_SECRET: "" });
    const owner = await signUp(server, dataDir, "Oak & Ash Joinery");
    const customer = await fetch(`${server.base}/api/api/customer`, {
      method: "POST",
      headers: jsonHeaders(server.base, owner.cookie),
      body: JSON.stringify({ type: "individual", name: "Dora Dunn", email: "dora@example.test" }),
    });
    expect(customer.status, await customer.clone().text()).toBe(201);
    const started = await fetch(`${server.base}/api/api/message`, {
      method: "POST",
      headers: jsonHeaders(server.base, owner.cookie),
      body: JSON.stringify({ customer: ((await customer.json()) as { id: string }).id, type: { id: "note", content: "Dora asked for a quote." } }),
    });
    expect(started.status).toBe(201);
    const conversationId = ((await started.json()) as { conversation: string }).conversation;

    await page.setViewportSize(DESKTOP);
    await page.goto(`${server.base}/organization/integrations`);
    await logIn(page, owner.email);
    const card = page.getByRole("region", { name: "Customer replies" });
    await expect(card).toContainText("Not received");
    await expect(card).toContainText("Replies to emails will not reach Craftdesk.");
    await expect(card).toContainText("INBOUND_EMAIL_DOMAIN");
    await expect(card).toContainText("INBOUND_EMAIL_SECRET");
    await expect(card).toContainText("Connect a Google or Microsoft mailbox");
    await shot(page, "integrations-replies-lost");

    await page.goto(`${server.base}/conversation/${conversationId}`);
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "New email" }).click();
    const dialog = page.getByRole("dialog", { name: "New email" });
    const notice = dialog.getByRole("note");
    await expect(notice).toContainText("Replies will not reach Craftdesk");
    await expect(notice).toContainText("INBOUND_EMAIL_DOMAIN");
    await shot(page, "email-dialog-replies-lost");
    // A note warns of nothing: it goes to nobody.
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Actions" }).click();
    await page.getByRole("menuitem", { name: "Internal note" }).click();
    await expect(page.getByRole("dialog", { name: "Internal note" })).toBeVisible();
    await expect(page.getByRole("dialog", { name: "Internal note" }).getByRole("note")).toHaveCount(0);
  } finally {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
});

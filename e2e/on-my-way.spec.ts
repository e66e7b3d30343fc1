/**
 * The technician's On my way texts the customer by itself: on a server of its own
 * with Twilio pointed at the fake on loopback (test/fake-twilio.ts), a technician
 * picks an arrival time on their phone and taps On my way; the fake receives the
 * text with that time, and the customer's conversation shows it, sent automatically.
 */
import crypto from "node:crypto";
import fs from "node:fs";
import os from "node:os";
import path from "node:path";
import { expect, test } from "@playwright/test";
import { fakeTwilio, TWILIO } from "../test/fake-twilio";
import { distDir, freePort, serverApi, signUp, startServer, stopServer, type Server } from "./own-server";
import { expectToast, logIn, MOBILE, picture } from "./support";

let server: Server | undefined;
let twilio: Awaited<ReturnType<typeof fakeTwilio>> | undefined;
let dataDir = "";

test.beforeAll(async () => {
  expect(fs.existsSync(path.join(distDir, "BUILD_ID")), `a build in ${distDir}`).toBe(true);
  dataDir = fs.mkdtempSync(path.join(os.tmpdir(), "craftdesk-on-my-way-"));
  twilio = await fakeTwilio();
  const port = await freePort();
  server = await startServer(dataDir, port, {
    TWILIO_ACCOUNT_SID: TWILIO.accountSid,
    TWILIO_AUTH_TOKEN: TWILIO.authToken,
    TWILIO_FROM: TWILIO.from,
    TWILIO_API_URL: twilio.url,
    APP_URL: `http://127.0.0.1:${port}`,
  });
});

test.afterAll(async () => {
  await stopServer(server);
  await twilio?.close();
  if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
});

/** "YYYY-MM-DD" of today where the browser is, as the day screen reads it. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

test("a technician taps On my way on their phone with 20 minutes: the customer gets the text, and their conversation shows it", async ({ page }) => {
  test.setTimeout(180_000);
  const base = server!.base;
  const { email, cookie } = await signUp(server!, dataDir, "Acme Plumbing");
  const api = serverApi(server!, cookie);
  const me = await api<{ member: { id: string } }>("GET", "/session");
  const phone = `+447911${String(crypto.randomInt(100_000, 999_999))}`;
  const customer = await api<{ id: string }>("POST", "/customer", { name: "Mia Miller", phone, line1: "12 Park Row", city: "Leeds", country: "GB" });
  const type = await api<{ id: string }>("POST", "/project_type", { name: "Repairs", icon: "wrench" });
  const project = await api<{ id: string }>("POST", "/project", { title: "Boiler service", type: type.id, customer: customer.id });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = todayIn(zone);
  await api("POST", "/visit", { project: project.id, day: today, members: [me.member.id] });
  // The booking confirmation goes too, at once or in the morning when it is quiet hours in Leeds now: only "on the way" counts here.
  const texts = () => twilio!.requests.filter((request) => request.form.To === phone && request.form.Body.includes("on the way")).map((request) => request.form.Body);

  await page.setViewportSize(MOBILE);
  await page.goto(`${base}/schedule/me`);
  await logIn(page, email);
  const card = page.getByTestId("day-visit");
  await expect(card).toHaveCount(1);

  await test.step("picks 20 minutes and taps On my way: the text leaves within a minute, with the time", async () => {
    await card.getByLabel("Arriving in (for the customer’s text)").selectOption({ label: "20 min" });
    await picture(page, "on-my-way-eta");
    await card.getByRole("button", { name: "On my way" }).click();
    await expectToast(page, "On your way to Boiler service");
    await expect.poll(texts, { timeout: 60_000 }).toEqual(["Acme Plumbing: Olga is on the way and should arrive in about 20 minutes."]);
  });

  await test.step("the customer's conversation shows the text, sent automatically", async () => {
    const sent = texts().at(-1)!;
    const conversations = await api<{ items: { id: string }[] }>("GET", `/conversation?customer=${customer.id}`);
    expect(conversations.items).toHaveLength(1);
    await page.goto(`${base}/conversation/${conversations.items[0].id}`);
    const message = page.getByTestId("message").filter({ hasText: sent });
    await expect(message).toBeVisible();
    await expect(message).toContainText("Sent automatically");
    await expect(message.getByTestId("delivery")).toHaveText("Sent");
    await picture(page, "on-my-way-conversation");
  });
});

import fs from "node:fs";
import Papa from "papaparse";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { closeToasts, expectToast, logIn, mailHeader, mailTo, rawEmail, signInByApi, signUpByApi } from "./support";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

async function shot(page: Page, name: string) {
  // Wait for dialogs and the sliding sidebar to finish their transitions.
  // (Read in one go: a dialog that closes meanwhile is simply gone, not waited for.)
  await expect
    .poll(() => page.evaluate(() => [...document.querySelectorAll('[role="dialog"]')].every((dialog) => getComputedStyle(dialog).opacity === "1")))
    .toBe(true);
  if ((page.viewportSize()?.width ?? 0) <= 768) await expect(page.getByRole("navigation", { name: "Main navigation" })).not.toBeInViewport();
  const path = test.info().outputPath(`${name}.png`);
  // A full-page capture of a scrolled screen draws the fixed sidebar or top bar mid-page: those show what is in view.
  const scrolled = await page.evaluate(() => window.scrollY > 0);
  const dialogs = await page.getByRole("dialog").count();
  await page.screenshot({ path, fullPage: !scrolled && dialogs === 0 });
  await test.info().attach(name, { path, contentType: "image/png" });
}

async function postJson<T>(request: APIRequestContext, headers: Record<string, string>, url: string, data: unknown) {
  const res = await request.post(url, { headers, data });
  expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

/** The shop writes to Mia by email; she answers with HTML (a script and a remote image in it); a stranger writes in too. */
async function setStage(request: APIRequestContext, baseURL: string) {
  const { email } = await signUpByApi(request, baseURL);
  const headers = await signInByApi(request, baseURL, email);
  const session = await (await request.get("/api/api/session")).json();
  const mia = await postJson<{ id: string }>(request, headers, "/api/api/customer", {
    type: "individual",
    name: "Mia Miller",
    email: "mia@example.test",
    phone: "+44 7911 123456",
  });
  const noah = await postJson<{ id: string }>(request, headers, "/api/api/customer", { type: "individual", name: "Noah Smith", email: "noah@example.test" });
  const started = await postJson<{ conversation: string }>(request, headers, "/api/api/message", {
    customer: mia.id,
    type: { id: "email", source: "mia@example.test", title: "Kitchen tap", content: "Hello Mia,\nwhen can we come round?" },
  });
  await postJson(request, headers, "/api/api/message", {
    customer: noah.id,
    type: { id: "email", source: "noah@example.test", title: "Gutter quote", content: "Your quote is attached." },
  });
  const sent = await mailTo("mia@example.test", /Kitchen tap/);
  const messageId = mailHeader(sent, "Message-ID");
  expect(messageId).toBeTruthy();

  const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();
  const inbound = new URL(organization.inbound_email_url).pathname;
  const post = async (raw: string) => {
    const res = await request.post(inbound, { headers: { "content-type": "message/rfc822" }, data: raw });
    expect(res.status(), await res.text()).toBe(202);
  };
  await post(
    rawEmail({
      from: "Mia Miller <mia@example.test>",
      to: "shop@example.test",
      subject: "Re: Kitchen tap",
      inReplyTo: messageId,
      text: "Thursday works for me.",
      html: '<p>Thursday <b>works</b> for me.</p><script>document.title="pwned"</script><p><img src="https://images.example.test/tap.png" alt="The tap"></p>',
    }),
  );
  await post(rawEmail({ from: "stranger@example.test", to: "shop@example.test", subject: "Do you fix fences?", text: "Ours fell over." }));
  const conversation = await (await request.get(`/api/api/conversation/${started.conversation}`)).json();
  return { email, reference: conversation.reference as string, post };
}

test("a customer's reply in the thread, read on opening; note, SMS and email; close, re-open, remove; list filters, bulk read and export", async ({
  page,
  request,
  baseURL,
}) => {
  const { email, reference, post } = await setStage(request, baseURL!);
  await page.setViewportSize(DESKTOP);
  const rows = page.locator("tbody tr");
  const kitchen = rows.filter({ hasText: "Kitchen tap" });
  const fences = rows.filter({ hasText: "Do you fix fences?" });
  const sidebarBadge = page.getByTestId("conversations-badge");
  const actions = page.getByRole("button", { name: "Actions" });
  const menuItems = page.getByRole("menuitem");

  await test.step("the list shows both unread conversations and the sidebar counts them", async () => {
    await page.goto("/conversation");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Conversations" })).toBeVisible();
    await expect(page.getByRole("link", { name: /^New/ })).toHaveCount(0);
    await expect(rows).toHaveCount(3);
    await expect(kitchen).toContainText(reference);
    await expect(kitchen).toContainText("Mia Miller");
    await expect(kitchen.getByTestId("unread-badge")).toHaveText("1");
    await expect(fences).toContainText("stranger@example.test");
    await expect(fences.getByTestId("unread-badge")).toHaveText("1");
    await expect(rows.filter({ hasText: "Gutter quote" }).getByTestId("unread-badge")).toHaveCount(0);
    await expect(sidebarBadge).toHaveText("2");
    await expect(page.getByRole("button", { name: /^Notifications, \d+ unread/ })).toBeVisible();
    await shot(page, "list-desktop");
  });

  await test.step("opening the conversation reads it: the thread shows the inert HTML reply and the badge drops", async () => {
    await kitchen.getByRole("link", { name: reference }).click();
    await expect(page.getByRole("heading", { name: `${reference} · Kitchen tap` })).toBeVisible();
    await expect(sidebarBadge).toHaveText("1");
    const messages = page.getByTestId("message");
    await expect(messages).toHaveCount(2);
    await expect(messages.first()).toHaveAttribute("data-direction", "outgoing");
    await expect(messages.first()).toContainText("when can we come round?");
    await expect(messages.last()).toHaveAttribute("data-direction", "incomming");
    await expect(messages.last()).toContainText("Mia Miller");
    const frame = page.frameLocator('iframe[title="Re: Kitchen tap"]');
    await expect(frame.locator("body")).toContainText("Thursday works for me.");
    await expect(frame.locator("script")).toHaveCount(0);
    await expect(frame.locator("img")).not.toHaveAttribute("src", /^https:/);
    await shot(page, "thread-html-desktop");
    await page.getByRole("button", { name: "Show remote images" }).click();
    await expect(frame.locator("img")).toHaveAttribute("src", "https://images.example.test/tap.png");
    await expect(page).not.toHaveTitle("pwned");
    await actions.click();
    await expect(menuItems).toHaveText([/^Mark as unread/, "New email", "New SMS", "Internal note", "Close conversation"]);
    await page.keyboard.press("Escape");
  });

  await test.step("an internal note with an attachment appears with a working download link", async () => {
    await actions.click();
    await page.getByRole("menuitem", { name: "Internal note" }).click();
    const dialog = page.getByRole("dialog", { name: "Internal note" });
    await dialog.getByRole("textbox", { name: "Content" }).fill("Bring the 60 cm sink.");
    await dialog.locator('input[type="file"]').setInputFiles({ name: "measurements.txt", mimeType: "text/plain", buffer: Buffer.from("Sink 60 cm\n") });
    await expect(dialog).toContainText("measurements.txt");
    await shot(page, "dialog-note-desktop");
    await dialog.getByRole("button", { name: "Add note" }).click();
    await expectToast(page, "Message has been created");
    await expect(dialog).toBeHidden();
    const note = page.locator('[data-kind="note"]');
    await expect(note).toContainText("Bring the 60 cm sink.");
    const link = note.getByRole("link", { name: "measurements.txt" });
    await expect(link).toBeVisible();
    const download = await page.request.get((await link.getAttribute("href"))!);
    expect(download.status()).toBe(200);
    expect(await download.text()).toBe("Sink 60 cm\n");
  });

  await test.step("an SMS to the customer's phone, with characters and segments counted, is sent", async () => {
    await actions.click();
    await page.getByRole("menuitem", { name: "New SMS" }).click();
    const dialog = page.getByRole("dialog", { name: "New SMS" });
    await expect(dialog.getByRole("textbox", { name: "Recipient" })).toHaveValue("+44 7911 123456");
    await dialog.getByRole("textbox", { name: "Content" }).fill("See you Thursday at 9");
    await expect(dialog.getByTestId("sms-counter")).toHaveText("21 characters · 1 segment · GSM-7");
    await dialog.getByRole("textbox", { name: "Content" }).fill("See you Thursday at 9 — Olga");
    await expect(dialog.getByTestId("sms-counter")).toHaveText("28 characters · 1 segment · UCS-2");
    await shot(page, "dialog-sms-desktop");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Message has been created");
    const sms = page.locator('[data-kind="sms"]');
    await expect(sms).toContainText("See you Thursday at 9 — Olga");
    await expect(sms.getByTestId("delivery")).toHaveText("Sent");
  });

  await test.step("an email reply goes to the conversation's address with its subject", async () => {
    await actions.click();
    await page.getByRole("menuitem", { name: "New email" }).click();
    const dialog = page.getByRole("dialog", { name: "New email" });
    await expect(dialog.getByRole("textbox", { name: "Recipient" })).toHaveValue("mia@example.test");
    await expect(dialog.getByRole("textbox", { name: "Subject" })).toHaveValue("Re: Kitchen tap");
    await dialog.getByRole("textbox", { name: "Content" }).fill("Confirmed for Thursday.");
    await shot(page, "dialog-email-desktop");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Message has been created");
    expect(await mailTo("mia@example.test", /Confirmed for Thursday/)).toMatch(/Subject: Re: Kitchen tap/);
    await expect(page.getByTestId("message").last().getByTestId("delivery")).toHaveText("Sent");
  });

  await test.step("a refused email keeps the message, marked failed with the reason, and Retry sends it again", async () => {
    await actions.click();
    await page.getByRole("menuitem", { name: "New email" }).click();
    const dialog = page.getByRole("dialog", { name: "New email" });
    await dialog.getByRole("textbox", { name: "Recipient" }).fill("bounce@example.test");
    await dialog.getByRole("textbox", { name: "Content" }).fill("This one bounces.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Message has been created");
    const bounced = page.getByTestId("message").filter({ hasText: "This one bounces." });
    await expect(bounced.getByTestId("delivery")).toContainText(/^Failed: .*Mailbox unavailable/);
    await shot(page, "thread-failed-desktop");
    const retried = page.waitForResponse((res) => res.url().includes("/retry") && res.request().method() === "POST");
    await bounced.getByRole("button", { name: "Retry" }).click();
    expect((await retried).status()).toBe(200);
    await expect(bounced.getByTestId("delivery")).toContainText(/^Failed: .*Mailbox unavailable/);
  });

  await test.step("closing leaves only Re-open; re-opening brings the active menu back", async () => {
    await actions.click();
    await page.getByRole("menuitem", { name: "Close conversation" }).click();
    await expectToast(page, "Conversation has been closed");
    await actions.click();
    await expect(menuItems).toHaveText(["Re-open conversation"]);
    await page.getByRole("menuitem", { name: "Re-open conversation" }).click();
    await expectToast(page, "Conversation has been re-opened");
    await actions.click();
    await expect(menuItems).toHaveText([/^Mark as unread/, "New email", "New SMS", "Internal note", "Close conversation"]);
    await page.keyboard.press("Escape");
  });

  await test.step("on a phone: the thread and each dialog", async () => {
    await page.setViewportSize(PHONE);
    // The toasts so far sit over the newest messages; close them for the pictures.
    await closeToasts(page);
    await page.getByTestId("message").last().scrollIntoViewIfNeeded();
    await shot(page, "thread-phone");
    await page.getByTestId("message").filter({ hasText: "This one bounces." }).scrollIntoViewIfNeeded();
    await shot(page, "thread-failed-phone");
    for (const [item, name] of [
      ["New email", "email"],
      ["New SMS", "sms"],
      ["Internal note", "note"],
    ] as const) {
      await actions.click();
      await page.getByRole("menuitem", { name: item }).click();
      const dialog = page.getByRole("dialog", { name: item });
      await expect(dialog.getByRole("textbox", { name: "Content" })).toBeVisible();
      await shot(page, `dialog-${name}-phone`);
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(dialog).toBeHidden();
    }
    await page.setViewportSize(DESKTOP);
  });

  await test.step("removed in Details: no action menu", async () => {
    await page.getByRole("tab", { name: "Details" }).click();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Removed" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, `Conversation "${reference}" has been updated`);
    await expect(actions).toHaveCount(0);
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByText("removed").first()).toBeVisible();
    await shot(page, "history-desktop");
  });

  await test.step("the list filters by status and customer, marks the selection read and exports", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Conversations" }).click();
    await expect(rows).toHaveCount(2);
    await expect(kitchen).toHaveCount(0);
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("checkbox", { name: "Removed", exact: true }).check();
    await expect(rows).toHaveCount(3);
    await expect(kitchen).toContainText(`${reference} (removed)`);
    const searched = page.waitForResponse((res) => res.url().includes("/api/api/customer?") && res.url().includes("search=mia"));
    await page.getByRole("combobox", { name: "Customer" }).fill("mia");
    await searched;
    await page.getByRole("option", { name: "Mia Miller" }).click();
    await expect(rows).toHaveCount(1);
    await expect(rows).toContainText("Kitchen tap");
    await expect(page).toHaveURL(/customer=/);
    await page.keyboard.press("Escape");

    await page.getByRole("button", { name: "More actions" }).click();
    const downloading = page.waitForEvent("download");
    await page.getByRole("menuitem", { name: "Export CSV" }).click();
    const file = await downloading;
    const text = (await fs.promises.readFile((await file.path())!, "utf8")).replace(/^\uFEFF/, "");
    const [header, ...lines] = Papa.parse<string[]>(text.trim()).data;
    expect(header).toEqual(["Reference", "Title", "Customer", "Status", "Unread", "Last message", "Created"]);
    expect(lines).toHaveLength(1);
    expect(lines[0].slice(0, 5)).toEqual([reference, "Kitchen tap", expect.stringMatching(/^[0-9a-f-]{36}$/), "removed", "0"]);

    await page.goto("/conversation");
    await expect(rows).toHaveCount(2);
    await fences.getByRole("checkbox").check();
    await page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Mark as read" }).click();
    await expectToast(page, "Conversations marked as read");
    await expect(fences.getByTestId("unread-badge")).toHaveCount(0);
    await expect(sidebarBadge).toHaveCount(0);
    await shot(page, "list-read-desktop");
  });

  await test.step("a new inbound message shows in the list, the sidebar badge and the bell without a reload", async () => {
    const bell = page.getByRole("button", { name: /^Notifications/ });
    const before = Number(/(\d+) unread/.exec((await bell.getAttribute("aria-label")) ?? "")?.[1] ?? 0);
    await post(rawEmail({ from: "olivia@example.test", to: "shop@example.test", subject: "Leaking roof", text: "Can you come today?" }));
    // The badge and the bell ask again every 15 seconds.
    await expect(sidebarBadge).toHaveText("1", { timeout: 25_000 });
    await expect(bell).toHaveAccessibleName(`Notifications, ${before + 1} unread`, { timeout: 25_000 });
    await expect(rows.filter({ hasText: "Leaking roof" }).getByTestId("unread-badge")).toHaveText("1", { timeout: 25_000 });
    await page.setViewportSize(PHONE);
    await shot(page, "list-phone");
    await fences.getByRole("checkbox").check();
    await expect(page.getByRole("region", { name: "Bulk actions" }).getByRole("button", { name: "Mark as read" })).toBeVisible();
    await shot(page, "list-selected-phone");
  });
});

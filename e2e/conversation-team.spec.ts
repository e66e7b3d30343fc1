import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { closeToasts, expectToast, logIn, mailHeader, mailTo, PASSWORD, rawEmail, signInByApi, signUpByApi, uniqueEmail, ownerApi } from "./support";

const DESKTOP = { width: 1280, height: 800 };

/** A picture of the screen; `fullPage: false` keeps an open dropdown open. */
async function shot(page: Page, name: string, { fullPage = true } = {}) {
  await closeToasts(page);
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage });
  await test.info().attach(name, { path, contentType: "image/png" });
}

/** A member with a role of no privileges, able to log in; `location` ties them to a branch. */
async function addColleague(api: ReturnType<typeof ownerApi>, name: string, location: string | null = null) {
  const role = await api.post<{ id: string }>("/role", { name: `${name}'s role`, privileges: [] });
  // Visible wherever the member works.
  await api.patch(`/role/${role.id}`, { sharing: { default: "view" } });
  const email = uniqueEmail(name.toLowerCase());
  const created = await api.post<{ id: string }>("/member", { name, email, role: role.id });
  await api.patch(`/member/${created.id}`, { password: PASSWORD, ...(location ? { location } : {}) });
  return email;
}

/** The organization's inbound address, where a provider posts the customer's reply. */
async function postInbound(request: APIRequestContext, raw: string) {
  const session = await (await request.get("/api/api/session")).json();
  const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();
  const res = await request.post(new URL(organization.inbound_email_url).pathname, { headers: { "content-type": "message/rfc822" }, data: raw });
  expect(res.status(), await res.text()).toBe(202);
}

test("unread is each member's own: a colleague reading a thread leaves it unread for the owner, who marks it unread again by menu and by key", async ({
  page,
  browser,
  request,
  baseURL,
}) => {
  test.setTimeout(180_000);
  const { email } = await signUpByApi(request, baseURL!);
  const api = ownerApi(request, await signInByApi(request, baseURL!, email));
  const customerEmail = uniqueEmail("mia");
  const mia = await api.post<{ id: string }>("/customer", { type: "individual", name: "Mia Miller", email: customerEmail });
  const started = await api.post<{ conversation: string }>("/message", {
    customer: mia.id,
    type: { id: "email", source: customerEmail, title: "Kitchen tap", content: "When can we come round?" },
  });
  const sent = await mailTo(customerEmail, /Kitchen tap/);
  await postInbound(
    request,
    rawEmail({ from: `Mia Miller <${customerEmail}>`, to: "shop@example.test", subject: "Re: Kitchen tap", inReplyTo: mailHeader(sent, "Message-ID"), text: "Thursday works." }),
  );
  const colleagueEmail = await addColleague(api, "Cleo");

  const colleague = await (await browser.newContext({ viewport: DESKTOP })).newPage();
  const rowIn = (p: Page) => p.locator("tbody tr").filter({ hasText: "Kitchen tap" });
  const sidebarBadge = (p: Page) => p.getByTestId("conversations-badge");

  await test.step("the colleague opens the thread: it is read for them", async () => {
    await colleague.goto("/conversation");
    await logIn(colleague, colleagueEmail);
    await expect(rowIn(colleague).getByTestId("unread-badge")).toHaveText("1");
    await expect(sidebarBadge(colleague)).toHaveText("1");
    await rowIn(colleague).getByRole("link", { name: "C-1001" }).click();
    await expect(colleague.getByRole("heading", { name: "C-1001 · Kitchen tap" })).toBeVisible();
    await expect(sidebarBadge(colleague)).toHaveCount(0);
  });

  await test.step("the owner still has it unread, in the list, the sidebar and the bell", async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto("/conversation");
    await logIn(page, email);
    await expect(rowIn(page).getByTestId("unread-badge")).toHaveText("1");
    await expect(sidebarBadge(page)).toHaveText("1");
    await expect(page.getByRole("button", { name: /^Notifications, \d+ unread/ })).toBeVisible();
    await shot(page, "owner-list-unread");
  });

  const actions = page.getByRole("button", { name: "Actions" });
  await test.step("the owner reads it, then marks it unread from the menu: only the owner's count comes back", async () => {
    await rowIn(page).getByRole("link", { name: "C-1001" }).click();
    await expect(page.getByRole("heading", { name: "C-1001 · Kitchen tap" })).toBeVisible();
    await expect(sidebarBadge(page)).toHaveCount(0);
    await actions.click();
    await expect(page.getByRole("menuitem")).toHaveText([/^Mark as unread/, "New email", "New SMS", "Internal note", "Close conversation"]);
    await shot(page, "menu-mark-as-unread", { fullPage: false });
    await page.getByRole("menuitem", { name: "Mark as unread" }).click();
    await expectToast(page, "Conversation has been marked as unread");
    // Still on the thread, it stays unread until read on purpose.
    await expect(sidebarBadge(page)).toHaveText("1");
    await actions.click();
    await expect(page.getByRole("menuitem", { name: "Mark as read" })).toBeVisible();
    await page.keyboard.press("Escape");
  });

  await test.step("Shift+I reads it and Shift+U marks it unread again, outside inputs", async () => {
    // The menu's toast may still be up: each key's own toast is the only one on screen.
    await closeToasts(page);
    await page.getByRole("heading", { name: "C-1001 · Kitchen tap" }).click();
    await page.keyboard.press("Shift+I");
    await expectToast(page, "Conversation has been marked as read");
    await expect(sidebarBadge(page)).toHaveCount(0);
    await closeToasts(page);
    await page.keyboard.press("Shift+U");
    await expectToast(page, "Conversation has been marked as unread");
    await expect(sidebarBadge(page)).toHaveText("1");
  });

  await test.step("the colleague's own state is untouched: read for them", async () => {
    await colleague.goto("/conversation");
    await expect(rowIn(colleague)).toBeVisible();
    await expect(rowIn(colleague).getByTestId("unread-badge")).toHaveCount(0);
    await expect(sidebarBadge(colleague)).toHaveCount(0);
    await shot(colleague, "colleague-list-read");
    await page.goto("/conversation");
    await expect(rowIn(page).getByTestId("unread-badge")).toHaveText("1");
  });
  expect(started.conversation).toBeTruthy();
  await colleague.context().close();
});

test("the York technician sees the office's email, SMS and note with his customer on the customer's page", async ({ page, request, baseURL }) => {
  test.setTimeout(180_000);
  const { email } = await signUpByApi(request, baseURL!);
  const api = ownerApi(request, await signInByApi(request, baseURL!, email));
  const york = await api.post<{ id: string }>("/location", { name: "York" });
  const technicianEmail = await addColleague(api, "Tom", york.id);
  // The customer is York's: made while working at York. The office then works at organization level.
  await api.patch("/session", { location: york.id });
  const customerEmail = uniqueEmail("yara");
  const yara = await api.post<{ id: string }>("/customer", { type: "individual", name: "Yara York", email: customerEmail, phone: "+44 7911 123456" });
  await api.patch("/session", { location: null });
  await api.post("/message", { customer: yara.id, type: { id: "email", source: customerEmail, title: "Boiler service", content: "When may we come?" } });
  await api.post("/message", { customer: yara.id, type: { id: "sms", source: "+44 7911 123456", content: "We are on our way" } });
  await api.post("/message", { customer: yara.id, type: { id: "note", content: "Key under the mat" } });

  const conversations = page.getByTestId("customer-conversation");
  await test.step("on Yara's page, the technician finds the three conversations", async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(`/customer/${yara.id}`);
    await logIn(page, technicianEmail);
    await expect(page.getByRole("heading", { name: "Yara York", level: 2 })).toBeVisible();
    await expect(conversations).toHaveCount(3);
    await expect(page.getByText("No conversations with this customer yet.")).toHaveCount(0);
    await expect(conversations.filter({ hasText: "Boiler service" })).toHaveCount(1);
    await shot(page, "technician-customer-page");
  });

  await test.step("he opens the email and reads it; it is York's, shared as Yara is", async () => {
    await conversations.filter({ hasText: "Boiler service" }).getByRole("link").first().click();
    await expect(page.getByRole("heading", { name: /· Boiler service$/ })).toBeVisible();
    await expect(page.getByTestId("message")).toContainText("When may we come?");
    await shot(page, "technician-thread");
    await page.getByRole("tab", { name: "Details" }).click();
    await expect(page.getByTestId("sharing-follows-customer")).toBeVisible();
    await shot(page, "technician-details");
  });
});

test("a removed conversation offers only the statuses the server accepts", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const api = ownerApi(request, await signInByApi(request, baseURL!, email));
  const customer = await api.post<{ id: string }>("/customer", { type: "individual", name: "Ned Norris", email: uniqueEmail("ned") });
  const { conversation } = await api.post<{ conversation: string }>("/message", { customer: customer.id, type: { id: "note", content: "Called" } });
  const status = page.getByRole("combobox", { name: "Status" });

  await test.step("removed: Active or Removed, not Closed", async () => {
    await api.patch(`/conversation/${conversation}`, { status: "removed" });
    await page.setViewportSize(DESKTOP);
    await page.goto(`/conversation/${conversation}/details`);
    await logIn(page, email);
    await status.click();
    await expect(page.getByRole("option")).toHaveText(["Active", "Removed"]);
    const path = test.info().outputPath("removed-status-options.png");
    await page.screenshot({ path });
    await test.info().attach("removed-status-options", { path, contentType: "image/png" });
  });

  await test.step("restored to active, it may be closed again", async () => {
    if (!(await page.getByRole("option", { name: "Active" }).isVisible())) await status.click();
    await page.getByRole("option", { name: "Active" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "has been updated");
    await expect(page.getByRole("button", { name: "Actions" })).toBeVisible();
    await status.click();
    await expect(page.getByRole("option")).toHaveText(["Active", "Closed", "Removed"]);
    await page.getByRole("option", { name: "Closed" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "has been updated");
    await page.getByRole("button", { name: "Actions" }).click();
    await expect(page.getByRole("menuitem")).toHaveText(["Re-open conversation"]);
  });
});

import { expect, test, type Page } from "@playwright/test";
import { closeToasts, expectToast, logIn, mailHeader, mailTo, rawEmail, signInByApi, signUpByApi, TINY_PNG, uniqueEmail } from "./support";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.CUSTOMER_RECORD_SHOTS || "/tmp/cust-shots";

/** A full-page picture at desktop width and at 390 px, once the sidebar has finished sliding. */
async function shoot(page: Page, name: string) {
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await closeToasts(page);
  await page.screenshot({ path: `${SHOTS}/${name}-desktop.png`, fullPage: true });
  await page.setViewportSize(PHONE);
  await expect(nav).not.toBeInViewport();
  await page.screenshot({ path: `${SHOTS}/${name}-390.png`, fullPage: true });
  await test.info().attach(`${name}-390`, { path: `${SHOTS}/${name}-390.png`, contentType: "image/png" });
  await page.setViewportSize(DESKTOP);
  await expect(nav).toBeInViewport();
}

test("from a customer's record: email the customer, their reply lands in the same conversation with badge and notification, a project for them shows their card", async ({
  page,
  request,
  baseURL,
}) => {
  const customerEmail = uniqueEmail("mia");
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const post = async <T,>(url: string, data: unknown) => {
    const res = await request.post(url, { headers, data });
    expect(res.ok(), `${url}: ${await res.text()}`).toBe(true);
    return (await res.json()) as T;
  };
  const customer = await post<{ id: string }>("/api/api/customer", { type: "individual", name: "Mia Miller", email: customerEmail, phone: "+44 7911 123456" });
  const type = await post<{ id: string }>("/api/api/project_type", { name: "Kitchen repair", icon: "hammer" });
  const typed = await request.patch(`/api/api/project_type/${type.id}`, { headers, data: { statuses: [{ id: 1, title: "Booked" }, { id: 2, title: "Done" }] } });
  expect(typed.ok(), await typed.text()).toBe(true);

  const conversations = page.getByTestId("customer-conversation");
  const timeline = page.getByTestId("activity-item");
  const sidebarBadge = page.getByTestId("conversations-badge");
  const bell = page.getByRole("button", { name: /^Notifications/ });
  const record = `/customer/${customer.id}`;

  await test.step("the record shows the details beside empty projects, conversations and files, and the customer's creation", async () => {
    await page.setViewportSize(DESKTOP);
    await page.goto(record);
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Mia Miller", level: 2 })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(customerEmail);
    await expect(page.getByText("No open projects for this customer.")).toBeVisible();
    await expect(page.getByText("No conversations with this customer yet.")).toBeVisible();
    await expect(page.getByText("No files in messages with this customer yet.")).toBeVisible();
    await expect(timeline).toHaveCount(1);
    await expect(timeline.first()).toContainText("Customer created by Olga Owner");
  });

  const messageId = await test.step("New email is sent to the customer and captured with its subject and body", async () => {
    await page.getByRole("button", { name: "New email" }).click();
    const dialog = page.getByRole("dialog", { name: "New email" });
    await expect(dialog.getByRole("textbox", { name: "Recipient" })).toHaveValue(customerEmail);
    await dialog.getByRole("textbox", { name: "Subject" }).fill("Kitchen tap quote");
    await dialog.getByRole("textbox", { name: "Content" }).fill("Hello Mia,\nthe new tap costs 120 pounds fitted.");
    await dialog.getByRole("button", { name: "Send" }).click();
    await expectToast(page, "Message has been created");
    await expect(dialog).toBeHidden();
    await expect(conversations).toHaveCount(1);
    await expect(conversations.first()).toContainText("Kitchen tap quote");
    await expect(timeline.first()).toContainText("Email to Mia Miller");
    const sent = await mailTo(customerEmail, /Kitchen tap quote/);
    expect(mailHeader(sent, "Subject")).toBe("Kitchen tap quote");
    expect(sent).toContain("the new tap costs 120 pounds fitted.");
    const id = mailHeader(sent, "Message-ID");
    expect(id).toMatch(/^<.+@.+>$/);
    return id!;
  });

  await test.step("the customer's reply, posted to the inbound webhook, lands in the same conversation, unread, with a notification", async () => {
    const session = await (await request.get("/api/api/session")).json();
    const organization = await (await request.get(`/api/api/organization/${session.organization.id}`)).json();
    const inbound = new URL(organization.inbound_email_url).pathname;
    const reply = rawEmail({
      from: `Mia Miller <${customerEmail}>`,
      to: "shop@example.test",
      subject: "Re: Kitchen tap quote",
      inReplyTo: messageId,
      text: "Thursday morning works for me.",
      attachment: { name: "old-tap.png", type: "image/png", bytes: TINY_PNG },
    }).replace(/^Date: .*$/m, `Date: ${new Date(Date.now() + 2000).toUTCString()}`); // whole seconds: after the sent email, never in the same second
    const res = await page.request.post(inbound, { headers: { "content-type": "message/rfc822" }, data: reply });
    expect(res.status(), await res.text()).toBe(202);
    // No reload: the sidebar asks again on its own (every 15 seconds), and the record follows.
    await expect(sidebarBadge).toHaveText("1", { timeout: 25_000 });
    await expect(conversations).toHaveCount(1);
    await expect(conversations.first().getByTestId("unread-badge")).toHaveText("1");
    await expect(timeline.first()).toContainText("Email from Mia Miller");
    await expect(timeline.first()).toContainText("Thursday morning works for me.");
    await expect(bell).toHaveAccessibleName(/^Notifications, \d+ unread/, { timeout: 25_000 });
  });

  await test.step("the bell's notification opens the conversation, which marks it read", async () => {
    await bell.click();
    const notification = page.getByText(/^New email from/).first();
    await expect(notification).toBeVisible();
    await notification.click();
    await expect(page).toHaveURL(/\/conversation\/[0-9a-f-]{36}$/);
    await expect(page.getByTestId("message")).toHaveCount(2);
    await expect(sidebarBadge).toHaveCount(0);
    await page.goto(record);
    await expect(conversations).toHaveCount(1);
    await expect(conversations.first().getByTestId("unread-badge")).toHaveCount(0);
  });

  const projectUrl = await test.step("New project from the record starts with the customer chosen", async () => {
    await page.getByRole("link", { name: "New project" }).click();
    await expect(page.getByRole("heading", { name: "New project" })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/project/new\\?customer=${customer.id}$`));
    await expect(page.locator("form").getByText("Mia Miller")).toBeVisible();
    await page.getByRole("textbox", { name: "Title" }).fill("Replace kitchen tap");
    // A slow answer for the chosen type: Save pressed at once waits for its first status instead of failing unseen.
    const slowType = "**/api/api/project_type/*";
    await page.route(slowType, async (route) => {
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.getByRole("button", { name: "Choose type" }).click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Kitchen repair" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project Replace kitchen tap has been created");
    await page.unroute(slowType);
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
    return page.url();
  });

  await test.step("the project page shows the customer's card: record, phone, email and latest conversation", async () => {
    const card = page.getByRole("region", { name: "Customer" });
    await expect(card.getByRole("link", { name: "Mia Miller" })).toHaveAttribute("href", record);
    await expect(card.getByRole("link", { name: "+44 7911 123456" })).toHaveAttribute("href", "tel:+447911123456");
    await expect(card.getByRole("link", { name: customerEmail })).toHaveAttribute("href", `mailto:${customerEmail}`);
    await expect(card.getByRole("link", { name: /C-\d+ · Kitchen tap quote/ })).toHaveAttribute("href", /\/conversation\/[0-9a-f-]{36}$/);
    await shoot(page, "project-customer-card");
  });

  await test.step("back on the record: the project, both messages and the project's creation on the timeline", async () => {
    await page.getByRole("region", { name: "Customer" }).getByRole("link", { name: "Mia Miller" }).click();
    await expect(page).toHaveURL(new RegExp(`${record}$`));
    const projects = page.getByRole("region", { name: "Open projects" });
    await expect(projects.getByRole("link", { name: "Replace kitchen tap" })).toHaveAttribute("href", new URL(projectUrl).pathname);
    await expect(projects.getByText("Booked")).toBeVisible();
    await expect(timeline).toHaveCount(4);
    await expect(timeline.nth(0)).toContainText("Project created by Olga Owner");
    await expect(timeline.nth(0)).toContainText("Replace kitchen tap");
    await expect(timeline.nth(1)).toContainText("Email from Mia Miller");
    await expect(timeline.nth(2)).toContainText("Email to Mia Miller by Olga Owner");
    await expect(timeline.nth(3)).toContainText("Customer created");
    await expect(conversations).toHaveCount(1);
    await shoot(page, "customer-record");
  });

  await test.step("the photo in the reply is one click away: its page previews it and says where it is used", async () => {
    const files = page.getByRole("region", { name: "Files" });
    await expect(files.getByRole("link", { name: "Download old-tap.png" })).toHaveAttribute("download", "old-tap.png");
    await files.getByRole("link", { name: "old-tap.png", exact: true }).click();
    await expect(page).toHaveURL(/\/file\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "old-tap.png" })).toBeVisible();
    await expect(page.getByRole("img", { name: "Preview of old-tap.png" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Re: Kitchen tap quote" })).toHaveAttribute("href", /\/conversation\/[0-9a-f-]{36}$/);
    await page.goto(record);
  });

  await test.step("Organization → Integrations shows admins the inbound address, copies it and rotates it after asking", async () => {
    const session = await (await request.get("/api/api/session")).json();
    const before = (await (await request.get(`/api/api/organization/${session.organization.id}`)).json()).inbound_email_url as string;
    await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await page.goto("/organization/integrations");
    const section = page.getByRole("region", { name: "Inbound email" });
    const address = section.getByRole("textbox", { name: "Inbound address" });
    await expect(address).toHaveValue(before);
    await expect(section).toContainText("message/rfc822");
    await section.getByRole("button", { name: "Copy" }).click();
    await expectToast(page, "Link copied to clipboard");
    await section.getByRole("button", { name: "Rotate" }).click();
    const confirm = page.getByRole("dialog", { name: "Rotate the inbound address?" });
    await confirm.getByRole("button", { name: "Rotate" }).click();
    await expectToast(page, "The inbound email address has been replaced");
    await expect(confirm).toBeHidden();
    await expect(address).not.toHaveValue(before);
    const after = await address.inputValue();
    const old = await page.request.post(new URL(before).pathname, { headers: { "content-type": "message/rfc822" }, data: "From: a@example.test\r\n\r\nHi" });
    expect(old.status()).toBe(404);
    expect(new URL(after).pathname).toMatch(/^\/api\/api\/inbound\/email\//);
    await page.screenshot({ path: `${SHOTS}/integrations-desktop.png`, fullPage: true });
    await page.goto(record);
  });

  await test.step("the cards are reachable with the keyboard", async () => {
    const newEmail = page.getByRole("button", { name: "New email" });
    await newEmail.focus();
    await page.keyboard.press("Enter");
    await expect(page.getByRole("dialog", { name: "New email" })).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(page.getByRole("dialog", { name: "New email" })).toBeHidden();
  });
});

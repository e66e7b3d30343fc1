import { expect, test } from "@playwright/test";
import { DESKTOP, expectNoOverflow, expectToast, logIn, MOBILE, ownerApi, PASSWORD, picture, reloadWhenSaved, signInByApi, signUpByApi, uniqueEmail } from "./support";

test("an admin writes a text message with a placeholder, watches the preview and its segments follow, saves it and finds it after a reload", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Acme Plumbing");
  const headers = await signInByApi(request, baseURL!, email);
  const session = await (await request.get("/api/api/session", { headers })).json();
  const settingsPath = `/api/api/organization/${session.organization.id}/automatic_messages`;
  await page.goto("/organization/automatic_messages");
  await logIn(page, email);

  const sms = page.getByRole("textbox", { name: "Text message" });
  const preview = page.getByTestId("preview-sms");
  const save = page.getByRole("button", { name: "Save" });

  await test.step("the tab lists each message with its switch; Visit booked opens by keyboard with its default texts", async () => {
    await expect(page.getByRole("tab", { name: "Automatic messages", selected: true })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Send automatic messages" })).toBeChecked({ timeout: 30_000 });
    const booked = page.getByRole("button", { name: /^Visit booked/ });
    await expect(page.getByRole("button", { name: /^Visit completed/ })).toContainText("On");
    await booked.focus();
    await page.keyboard.press("Enter");
    await expect(booked).toHaveAttribute("aria-expanded", "true");
    await expect(page.getByRole("switch", { name: "Send this message" })).toBeChecked();
    await expect(preview).toHaveText(/^Acme Plumbing: your visit at 742 Maple Avenue, Springfield is booked for \w+, \w+ \d+, between 9:00 AM and 11:00 AM\.$/);
    await expect(sms).toHaveAccessibleDescription(/^For the sample visit: \d+ characters · 1 segment · GSM-7$/);
    await expect(save).toBeDisabled();
  });

  await test.step("a new text with a placeholder inserted at the cursor: the preview fills it in, an emoji makes it UCS-2", async () => {
    await sms.fill("See you  ;)");
    // The cursor goes between the two spaces; the placeholder lands there.
    await sms.press("End");
    for (let step = 0; step < 3; step += 1) await sms.press("ArrowLeft");
    await page.getByRole("button", { name: "Insert placeholder" }).click();
    await expect(page.getByText("Into: Text message")).toBeVisible();
    await page.getByRole("menuitem", { name: /Date and time/ }).click();
    await expect(sms).toHaveValue("See you {{visit.when}} ;)");
    await expect(sms).toBeFocused();
    await expect(preview).toHaveText(/^See you \w+, \w+ \d+, between 9:00 AM and 11:00 AM ;\)$/);
    await expect(sms).toHaveAccessibleDescription(/· 1 segment · GSM-7$/);
    // Typing goes on right after the placeholder.
    await page.keyboard.type(" 😀");
    await expect(sms).toHaveValue("See you {{visit.when}} 😀 ;)");
    await expect(sms).toHaveAccessibleDescription(/· 1 segment · UCS-2$/);
    await sms.press("End");
    await page.keyboard.type(" Reply STOP to opt out, or call us to move it.");
    await expect(sms).toHaveAccessibleDescription(/· 2 segments · UCS-2$/);
    await expect(page.getByRole("button", { name: /^Visit booked/ })).toContainText("Changed");
  });

  await test.step("an unknown placeholder is named at once, and a save is refused until it is gone", async () => {
    await sms.press("End");
    await page.keyboard.type(" {{customer.nickname}}");
    await expect(sms).toHaveAttribute("aria-invalid", "true");
    await expect(page.getByText("Unknown placeholder: {{customer.nickname}}. Use one from the Insert placeholder menu").first()).toBeVisible();
    await save.click();
    await expectToast(page, "Invalid input", "Unknown placeholder: {{customer.nickname}}");
    expect((await (await request.get(settingsPath, { headers })).json()).triggers.booked.customized).toEqual([]);
    await sms.fill("See you {{visit.when}} 😀 ;) Reply STOP to opt out, or call us to move it.");
    await expect(sms).not.toHaveAttribute("aria-invalid", "true");
  });

  await test.step("saved, it is the organization's own text", async () => {
    await save.click();
    await expectToast(page, "Automatic messages have been saved");
    const saved = await (await request.get(settingsPath, { headers })).json();
    expect(saved.triggers.booked).toMatchObject({ sms: "See you {{visit.when}} 😀 ;) Reply STOP to opt out, or call us to move it.", customized: ["sms"] });
  });

  await test.step("a test of it reaches the admin's own mailbox", async () => {
    await page.getByRole("button", { name: "Send a test to me" }).click();
    await expect(page.getByRole("checkbox", { name: `Email to ${email}` })).toBeChecked();
    await page.getByRole("button", { name: "Send test" }).click();
    await expectToast(page, `Test sent to ${email}`);
  });

  await test.step("after a reload the text is there, nothing left to save; the screen fits a desktop and a phone", async () => {
    await reloadWhenSaved(page);
    await page.getByRole("button", { name: /^Visit booked/ }).click({ timeout: 30_000 });
    await expect(sms).toHaveValue("See you {{visit.when}} 😀 ;) Reply STOP to opt out, or call us to move it.");
    await expect(preview).toHaveText(/^See you .*, between 9:00 AM and 11:00 AM 😀 ;\) Reply STOP/);
    await expect(save).toBeDisabled();
    await picture(page, "automatic-messages-desktop");
    await page.setViewportSize(MOBILE);
    await expectNoOverflow(page);
    await picture(page, "automatic-messages-phone");
    await page.setViewportSize(DESKTOP);
  });
});

test("staff who are not administrators read every message and its preview without changing anything", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Acme Plumbing");
  const api = ownerApi(request, await signInByApi(request, baseURL!, email));
  const role = await api.post<{ id: string }>("/role", { name: "Fitter", privileges: ["projects_manage"] });
  const fitterEmail = uniqueEmail("fitter");
  const fitter = await api.post<{ id: string }>("/member", { name: "Finn Fitter", email: fitterEmail, role: role.id });
  await api.patch(`/member/${fitter.id}`, { password: PASSWORD });
  await page.goto("/organization/automatic_messages");
  await logIn(page, fitterEmail);
  await expect(page.getByText("Only administrators change automatic messages.")).toBeVisible({ timeout: 30_000 });
  await expect(page.getByRole("textbox", { name: "Text message" })).toHaveCount(9);
  await expect(page.getByRole("textbox", { name: "Text message" }).first()).toBeDisabled();
  await expect(page.getByTestId("preview-sms").first()).toHaveText(/^Acme Plumbing: your visit at 742 Maple Avenue, Springfield is booked for /);
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  await expect(page.getByRole("button", { name: "Send a test to me" })).toHaveCount(0);
});

test("an admin sets a quote's follow-up to five days, reads its preview with a sample quote, and saves it", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Acme Plumbing");
  const headers = await signInByApi(request, baseURL!, email);
  const session = await (await request.get("/api/api/session", { headers })).json();
  const settingsPath = `/api/api/organization/${session.organization.id}/automatic_messages`;
  await page.goto("/organization/automatic_messages");
  await logIn(page, email);

  const days = page.getByRole("textbox", { name: "Days after sending" });
  await expect(days).toHaveValue("3", { timeout: 30_000 });
  const followUp = page.getByRole("button", { name: /^Quote follow-up/ });
  await expect(followUp).toContainText("On");
  await followUp.click();
  await expect(page.getByTestId("preview-sms")).toHaveText(/^Acme Plumbing: a reminder of our quote Q-\d{4}-0042\. You can view and approve it here: http:\/\/\S+\/p\/quote\/[A-Za-z0-9]{43}$/);
  await expect(page.getByRole("textbox", { name: "Text message" })).toHaveAccessibleDescription(/^For the sample quote: .*· 1 segment · GSM-7$/);
  // Previewed with a sample quote, not a visit.
  await expect(page.getByRole("heading", { name: "Preview with a sample quote" })).toBeVisible();
  await expect(page.getByText(/sample visit/)).toHaveCount(0);
  await days.fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Automatic messages have been saved");
  expect((await (await request.get(settingsPath, { headers })).json()).quote_follow_up_days).toBe(5);
  await picture(page, "quote-follow-up-desktop");
  await page.setViewportSize(MOBILE);
  await expectNoOverflow(page);
  await picture(page, "quote-follow-up-phone");
});

test("an admin sets an invoice's payment reminders: five days before, one after, previewed with a sample invoice, and saves them", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Acme Plumbing");
  const headers = await signInByApi(request, baseURL!, email);
  const session = await (await request.get("/api/api/session", { headers })).json();
  const settingsPath = `/api/api/organization/${session.organization.id}/automatic_messages`;
  await page.goto("/organization/automatic_messages");
  await logIn(page, email);

  const before = page.getByRole("textbox", { name: "Days before the due date" });
  await expect(before).toHaveValue("3", { timeout: 30_000 });
  await expect(page.getByRole("textbox", { name: "First reminder, days after the due date" })).toHaveValue("7");
  const second = page.getByRole("textbox", { name: "Second reminder, days after the due date" });
  await expect(second).toHaveValue("21");
  const overdue = page.getByRole("button", { name: /^Invoice overdue/ });
  await expect(overdue).toContainText("On");
  await overdue.click();
  await expect(page.getByRole("heading", { name: "Preview with a sample invoice" })).toBeVisible();
  await expect(page.getByRole("textbox", { name: "Text message" })).toHaveAccessibleDescription(/^For the sample invoice: .*· 1 segment · GSM-7$/);
  await expect(page.getByTestId("preview-sms")).toHaveText(/^Acme Plumbing: invoice INV-\d{4}-0042 is overdue, .+ left to pay: http:\/\/\S+\/p\/invoice\/[A-Za-z0-9]{43}$/);
  await before.fill("5");
  await second.fill("");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Automatic messages have been saved");
  const saved = await (await request.get(settingsPath, { headers })).json();
  expect([saved.invoice_reminder_days, saved.invoice_overdue_days]).toEqual([5, [7]]);
  await picture(page, "invoice-reminders-desktop");
  await page.setViewportSize(MOBILE);
  await expectNoOverflow(page);
  await picture(page, "invoice-reminders-phone");
});

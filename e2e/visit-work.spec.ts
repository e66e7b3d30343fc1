import { expect, test } from "@playwright/test";
import { britishShop } from "./quote-steps";
import { expectNoOverflow, expectToast, hydrated, logIn, MOBILE, PASSWORD, uniqueEmail } from "./support";

/** "YYYY-MM-DD" of today where the browser is, as the day screen reads it. */
const todayIn = (timeZone: string) => new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit" }).format(new Date());

test("a technician completes a visit on a phone with the time on site and a material; the office invoices them from the project once", async ({ page, browser, request, baseURL }) => {
  const { owner } = await britishShop(page, request, baseURL!);
  const customer = await owner.post<{ id: string }>("/customer", { name: "Mia Miller", line1: "7 Elm Street", city: "Leeds", zip: "LS1 4AP", country: "GB" });
  const type = await owner.post<{ id: string }>("/project_type", { name: "Repairs", icon: "wrench" });
  const project = await owner.post<{ id: string }>("/project", { title: "Boiler service", type: type.id, customer: customer.id });
  await owner.post("/price_item", { name: "Labour", unit: "hour", unit_price: 6_000 });
  await owner.post("/price_item", { name: "Copper pipe", unit: "metre", unit_price: 1_250 });
  const role = await owner.post<{ id: string }>("/role", { name: "Technicians", privileges: [] });
  const techEmail = uniqueEmail("tech");
  const tech = await owner.post<{ id: string }>("/member", { name: "Tom Tech", email: techEmail, role: role.id });
  await owner.patch(`/member/${tech.id}`, { password: PASSWORD });
  const zone = await page.evaluate(() => Intl.DateTimeFormat().resolvedOptions().timeZone);
  const today = todayIn(zone);
  const visit = await owner.post<{ id: string }>("/visit", { project: project.id, start: `${today}T09:00`, end: `${today}T11:00`, members: [tech.id] });

  await test.step("the technician starts, then completes with 1 h 30 of work and 2 m of copper pipe", async () => {
    const phone = await browser.newContext({ viewport: MOBILE, baseURL });
    const day = await phone.newPage();
    await day.goto("/schedule/me");
    await logIn(day, techEmail);
    const card = day.getByTestId("day-visit");
    await expect(card).toHaveCount(1);
    await card.getByRole("button", { name: "Start" }).click();
    await expectToast(day, "Boiler service started");
    await card.getByRole("button", { name: "Complete" }).click();
    const dialog = day.getByRole("dialog", { name: "Complete the visit" });
    // Started moments ago: the least time, 5 minutes, billed as the price book's hourly item.
    const time = dialog.getByRole("textbox", { name: "Time on site" });
    await expect(time).toHaveValue("5 min");
    await expect(dialog.getByRole("combobox", { name: "Work billed as" })).toHaveValue("Labour");
    await time.fill("90");
    await dialog.getByRole("button", { name: "Add material" }).click();
    const book = day.getByRole("dialog", { name: "Add material" });
    await book.getByRole("checkbox", { name: "Copper pipe" }).check();
    await book.getByRole("button", { name: "Confirm" }).click();
    await expect(book).toBeHidden();
    await dialog.getByRole("textbox", { name: "Quantity of Copper pipe" }).fill("2");
    await expect(dialog).toContainText("£12.50 / Meter");
    await expectNoOverflow(day);
    await day.screenshot({ path: "/tmp/visitwork-complete-dialog.png" });
    await dialog.getByRole("button", { name: "Complete" }).click();
    await expect(dialog).toBeHidden();
    await expectToast(day, "Boiler service completed");
    await expect(card.getByTestId("visit-status")).toHaveText("Completed");
    await phone.close();
  });

  await test.step("recorded on the visit", async () => {
    const items = await (await page.request.get(`/api/api/visit/${visit.id}/item`)).json();
    expect(items.items).toEqual([
      expect.objectContaining({ kind: "time", member: tech.id, minutes: 90, name: "Labour", quantity: 1.5, net: 9_000, invoiced: false }),
      expect.objectContaining({ kind: "material", name: "Copper pipe", quantity: 2, unit: "metre", net: 2_500, invoiced: false }),
    ]);
  });

  await test.step("the office creates the invoice from the project: the time and the material, with their totals", async () => {
    await page.goto(`/invoice/new?project=${project.id}`);
    await hydrated(page);
    await expect(page.getByText("with its completed visits' time and materials not yet invoiced")).toBeVisible();
    await page.getByRole("button", { name: "Create draft invoice" }).click();
    await expectToast(page, "The draft invoice has been created");
    await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
    const section = page.getByRole("region", { name: "Time and materials" });
    await expect(section.getByRole("listitem", { name: "Line 1" }).getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Labour");
    await expect(section.getByRole("listitem", { name: "Line 1" }).getByRole("textbox", { name: "Quantity" })).toHaveValue("1.5");
    await expect(section.getByRole("listitem", { name: "Line 2" }).getByRole("textbox", { name: "Name", exact: true })).toHaveValue("Copper pipe");
    await expect(section.getByRole("listitem", { name: "Line 2" }).getByRole("textbox", { name: "Quantity" })).toHaveValue("2");
    const totals = page.getByRole("region", { name: "Totals" });
    // 1.5 h × £60.00 + 2 m × £12.50 = £115.00 net, 20 % VAT.
    await expect(totals.getByTestId("total-net")).toHaveText("£115.00");
    await expect(totals.getByTestId("total-gross")).toHaveText("£138.00");
    await page.screenshot({ path: "/tmp/visitwork-invoice.png", fullPage: true });
  });

  await test.step("a second invoice from the project does not bill them again", async () => {
    const again = await page.request.post("/api/api/invoice", { data: { from: "project", project: project.id }, headers: { origin: baseURL! } });
    expect(again.status()).toBe(409);
  });
});

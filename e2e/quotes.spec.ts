import { expect, test } from "@playwright/test";
import { addFromBook, optionTotals, sendByEmail, startQuote } from "./quote-steps";
import { closeToasts, expectNoOverflow, expectToast, logIn, MOBILE, DESKTOP, ownerApi, savedForm, shoot, signUpByApi } from "./support";

type QuoteAnswer = {
  title: string;
  total: number;
  status: string;
  options: { name: string; sections: { title: string; lines: { name: string; quantity: number; optional: boolean; selected: boolean }[] }[]; totals: { gross: number } }[];
};

const totals = optionTotals;

test("a quote from the price book: two options, sections, an optional line, keyboard reordering and live totals", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Warm Homes");
  const headers = { origin: baseURL! };
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Quotes" })).toBeVisible();
  const session = await (await page.request.get("/api/api/session")).json();
  // A British business: pounds and a 20 % standard rate, the default.
  const owner = ownerApi(page.request, headers);
  await owner.patch(`/organization/${session.organization.id}`, { country: "GB" });
  expect((await page.request.get("/api/api/tax_rate")).ok()).toBe(true);
  await owner.post("/price_item", { name: "Combi boiler", unit: "piece", unit_price: 150_000, unit_cost: 110_000 });
  await owner.post("/price_item", { name: "Installation", unit: "hour", unit_price: 6_500, unit_cost: 3_000 });
  await owner.post("/price_item", { name: "Smart thermostat", unit: "piece", unit_price: 12_000, unit_cost: 8_000 });
  const customer = await owner.post<{ id: string }>("/customer", { name: "Nora Newton", email: "nora@example.test" });

  // New quote from the customer's record.
  const id = await startQuote(page, { id: customer.id, name: "Nora Newton" }, "Boiler replacement");

  // The first section, from the price book.
  await page.getByRole("textbox", { name: "Section title" }).fill("Heating");
  await addFromBook(page, "Heating", ["Combi boiler", "Installation"]);
  const heating = page.getByRole("region", { name: "Heating" });
  await expect(heating.getByTestId("quote-line")).toHaveCount(2);
  const installation = heating.getByRole("listitem", { name: "Line 2" });
  await installation.getByRole("textbox", { name: "Quantity" }).fill("8");
  // 1500 + 8 × 65 = 2020.00 net, 20 % tax.
  await expect(totals(page, "Totals").getByTestId("total-net")).toHaveText("£2,020.00");
  await expect(totals(page, "Totals").getByTestId("total-gross")).toHaveText("£2,424.00");
  // Cost and margin, for the staff: 8 × 65 − 8 × 30 = 280.00.
  await expect(installation.getByTestId("line-margin")).toContainText("£280.00");

  // Installation before the boiler, by the keyboard.
  await heating.getByRole("button", { name: "Actions for Line 2" }).focus();
  await page.keyboard.press("Enter");
  await page.getByRole("menuitem", { name: "Move up" }).focus();
  await page.keyboard.press("Enter");
  await expect(heating.getByRole("textbox", { name: "Name", exact: true }).nth(0)).toHaveValue("Installation");
  await expect(heating.getByRole("textbox", { name: "Name", exact: true }).nth(1)).toHaveValue("Combi boiler");

  // A second section with an optional add-on: counted while ticked, not once unticked.
  await page.getByRole("button", { name: "Add section" }).click();
  await page.getByRole("textbox", { name: "Section title" }).nth(1).fill("Extras");
  await addFromBook(page, "Extras", ["Smart thermostat"]);
  await expect(totals(page, "Totals").getByTestId("total-gross")).toHaveText("£2,568.00");
  const extras = page.getByRole("region", { name: "Extras" });
  await extras.getByRole("checkbox", { name: "Optional (the customer ticks it)" }).check();
  await expect(totals(page, "Totals").getByTestId("total-gross")).toHaveText("£2,568.00");
  await extras.getByRole("checkbox", { name: "Ticked by default" }).uncheck();
  await expect(totals(page, "Totals").getByTestId("total-gross")).toHaveText("£2,424.00");
  await expect(heating.getByTestId("section-subtotal")).toContainText("£2,020.00");

  // A second option: Standard and Premium, each with its totals.
  await page.getByRole("button", { name: "Add option" }).click();
  await expect(page.getByRole("tab", { name: "Option 2" })).toHaveAttribute("aria-selected", "true");
  await page.getByRole("textbox", { name: "Option name" }).fill("Premium");
  await page.getByRole("textbox", { name: "Section title" }).fill("Heating");
  await addFromBook(page, "Heating", ["Combi boiler", "Smart thermostat"]);
  await expect(totals(page, "Premium").getByTestId("total-gross")).toHaveText("£1,944.00");
  await page.getByRole("tab", { name: "Option 1" }).click();
  await page.getByRole("textbox", { name: "Option name" }).fill("Standard");
  await expect(totals(page, "Standard").getByTestId("total-gross")).toHaveText("£2,424.00");

  // A 30 % deposit of each option's total.
  await page.locator("label").filter({ hasText: /^Percentage$/ }).click();
  await page.getByRole("textbox", { name: "Percentage" }).fill("30");
  await expect(totals(page, "Standard").getByTestId("total-deposit")).toHaveText("£727.20");
  await page.getByRole("textbox", { name: "Internal notes" }).fill("Check the flue before ordering");
  await closeToasts(page);
  await shoot(page, "quote-editor");

  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, 'Quote "Boiler replacement" has been updated');
  await savedForm(page);
  const saved = (await (await page.request.get(`/api/api/quote/${id}`)).json()) as QuoteAnswer;
  expect(saved.options.map((option) => option.name)).toEqual(["Standard", "Premium"]);
  expect(saved.options[0].sections.map((section) => [section.title, section.lines.map((line) => line.name)])).toEqual([
    ["Heating", ["Installation", "Combi boiler"]],
    ["Extras", ["Smart thermostat"]],
  ]);
  expect(saved.options[0].sections[0].lines[0].quantity).toBe(8);
  expect(saved.options[0].sections[1].lines[0]).toMatchObject({ optional: true, selected: false });
  // The server's totals are the screen's.
  expect(saved.options.map((option) => option.totals.gross)).toEqual([242_400, 194_400]);
  expect(saved.total).toBe(242_400);

  // Sent by email: numbered, frozen, its link copied; Revise starts revision 2 as a draft.
  expect(await sendByEmail(page, "Nora Newton")).toMatch(/^Q-\d{4}-0001$/);
  await expect(page.getByText("This quote has been sent and can no longer be changed. Revise it to write its next revision.")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add from price book" })).toHaveCount(0);
  // Read only, its options are still looked through: Premium's lines show, and nothing in them can be typed.
  await page.getByRole("tab", { name: "Premium" }).click();
  await expect(page.getByRole("tab", { name: "Premium" })).toHaveAttribute("aria-selected", "true");
  const sentHeating = page.getByRole("region", { name: "Heating" }).getByRole("textbox", { name: "Name", exact: true });
  await expect(sentHeating).toHaveCount(2);
  await expect(sentHeating.nth(1)).toHaveValue("Smart thermostat");
  await expect(sentHeating.nth(1)).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Option name" })).toBeDisabled();
  await expect(page.getByRole("textbox", { name: "Title", exact: true })).toBeDisabled();
  await closeToasts(page);
  await page.screenshot({ path: test.info().outputPath("quote-sent-read-only.png"), fullPage: true });
  await page.getByRole("tab", { name: "Standard" }).click();
  await expect(sentHeating.nth(0)).toHaveValue("Installation");
  await page.context().grantPermissions(["clipboard-read", "clipboard-write"]);
  await page.getByRole("button", { name: "Copy link" }).click();
  await expectToast(page, "The customer's link has been copied");
  expect(await page.evaluate(() => navigator.clipboard.readText())).toMatch(/\/p\/quote\/[A-Za-z0-9_-]{20,}$/);
  await page.getByRole("button", { name: "Revise" }).click();
  await expectToast(page, "Revision 2 started as a draft");
  await expect(page.getByTestId("quote-status")).toHaveText("Draft");
  await expect(page.getByText("For Nora Newton · Revision 2")).toBeVisible();
  await expect(page.getByRole("button", { name: "Add from price book" }).first()).toBeEnabled();

  // The customer's record lists it, with its status and total.
  await page.getByRole("link", { name: "Nora Newton" }).click();
  const listed = page.getByRole("region", { name: "Quotes" });
  await expect(listed.getByRole("link", { name: "Boiler replacement" })).toBeVisible();
  await expect(listed).toContainText("Draft");
  await expect(listed).toContainText("£2,424.00");
  await expect(listed).toContainText(/Q-\d{4}-0001/);

  // The quotes' list, on a phone too.
  await page.goto("/quote");
  await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Boiler replacement"]);
  await expect(page.locator("tbody tr").first()).toContainText("£2,424.00");
  await page.setViewportSize(MOBILE);
  await expectNoOverflow(page);
  await page.setViewportSize(DESKTOP);
  await closeToasts(page);
  await shoot(page, "quotes");
});

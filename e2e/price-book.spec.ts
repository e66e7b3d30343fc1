import { expect, test, type Page } from "@playwright/test";
import { closeToasts, expectToast, logIn, savedForm, shoot, signUpByApi } from "./support";

type PriceItem = { id: string; name: string; unit: string; unit_price: number; unit_cost: number | null; markup: number | null; tax_rate: string; category: string | null };

async function priceItems(page: Page, query = ""): Promise<PriceItem[]> {
  const res = await page.request.get(`/api/api/price_item?limit=100&sort=name:asc${query}`);
  expect(res.status()).toBe(200);
  return ((await res.json()) as { items: PriceItem[] }).items;
}

async function choose(page: Page, label: string, option: string) {
  await page.getByRole("combobox", { name: label, exact: true }).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

test("tax rates and the price book: cost, markup and price follow each other, search, edit and import", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!, "Bright Heating");
  await page.goto("/organization");
  await logIn(page, email);
  // The country before the first read of the rates, which gives the organization its country's.
  await expect(page.getByRole("tab", { name: "Tax rates" })).toBeVisible();
  const session = await (await page.request.get("/api/api/session")).json();
  const country = await page.request.patch(`/api/api/organization/${session.organization.id}`, { headers: { origin: baseURL! }, data: { country: "GB" } });
  expect(country.status()).toBe(200);
  await page.getByRole("tab", { name: "Tax rates" }).click();

  // A British business starts with the British rates, the standard one the default.
  const rates = page.getByRole("table", { name: "Tax rates" });
  await expect(rates.getByRole("row")).toHaveCount(4);
  await expect(rates.getByRole("row").nth(1)).toContainText("Standard rate");
  await expect(rates.getByRole("row").nth(1)).toContainText("Default");
  await expect(rates.getByRole("row").nth(1)).toContainText("20 %");

  // Two rates of its own: a reduced one, and an exempt one, which must say why.
  await page.getByRole("link", { name: "New tax rate" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Energy saving materials");
  await choose(page, "Category", "Reduced");
  await page.getByRole("textbox", { name: "Rate" }).fill("5");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tax rate Energy saving materials has been created");
  await expect(page).toHaveURL(/\/organization\/tax_rates$/);

  await page.getByRole("link", { name: "New tax rate" }).click();
  await page.getByRole("textbox", { name: "Name" }).fill("Training");
  await choose(page, "Category", "Exempt");
  await expect(page.getByRole("textbox", { name: "Rate" })).toBeDisabled();
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator(".mantine-Textarea-error")).toHaveText("Say why no tax is charged");
  await page.getByRole("textbox", { name: "Exemption reason" }).fill("Vocational training, VAT Act 1994 Sch. 9 Group 6");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Tax rate Training has been created");
  await expect(rates.getByRole("row")).toHaveCount(6);
  await expect(rates.getByRole("row").filter({ hasText: "Training" })).toContainText("E");
  await closeToasts(page);
  await shoot(page, "tax-rates");

  // The price book, from the sidebar.
  await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Price book" }).click();
  await expect(page.getByText("No price items yet")).toBeVisible();
  await page.getByRole("link", { name: "New price item" }).first().click();
  await page.getByRole("textbox", { name: "Name" }).fill("Copper pipe 15 mm");
  await choose(page, "Unit", "Meter");
  const cost = page.getByRole("textbox", { name: "Unit cost" });
  const markup = page.getByRole("textbox", { name: "Markup" });
  const price = page.getByRole("textbox", { name: "Unit price" });
  await cost.fill("8");
  await markup.fill("25");
  // The price follows the cost and the markup…
  await expect(price).toHaveValue("10.00");
  // …and the markup follows a price typed instead.
  await price.fill("12");
  await expect(markup).toHaveValue("50");
  await choose(page, "Tax rate", "Energy saving materials · 5 %");
  await page.getByRole("combobox", { name: "Category" }).fill("Pipes");
  await closeToasts(page);
  await shoot(page, "price-item-form");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Price item Copper pipe 15 mm has been created");
  const taxRates = ((await (await page.request.get("/api/api/tax_rate")).json()) as { items: { id: string; name: string }[] }).items;
  const energy = taxRates.find((rate) => rate.name === "Energy saving materials")!;
  expect(await priceItems(page)).toEqual([expect.objectContaining({ name: "Copper pipe 15 mm", unit: "metre", unit_price: 1200, unit_cost: 800, markup: 50, tax_rate: energy.id, category: "Pipes" })]);

  // Another item to search between.
  const labour = await page.request.post("/api/api/price_item", { headers: { origin: baseURL! }, data: { name: "Heating engineer", unit: "hour", unit_price: 6500, category: "Labour" } });
  expect(labour.status()).toBe(201);
  await page.goto("/price_item");
  await expect(page.locator("tbody a[data-row-link]")).toHaveCount(2);
  await page.getByRole("textbox", { name: "Search" }).fill("pipes");
  await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Copper pipe 15 mm"]);
  await expect(page.locator("tbody tr").first()).toContainText("£12.00");

  // Edit: a new markup moves the price from the saved cost.
  await page.locator("tbody a[data-row-link]").first().click();
  await expect(page.getByRole("textbox", { name: "Unit price" })).toHaveValue("12.00");
  await page.getByRole("textbox", { name: "Name" }).fill("Copper pipe 15 mm (per metre)");
  await page.getByRole("textbox", { name: "Markup" }).fill("60");
  await expect(page.getByRole("textbox", { name: "Unit price" })).toHaveValue("12.80");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, 'Price item "Copper pipe 15 mm (per metre)" has been updated');
  await savedForm(page);
  expect((await priceItems(page, "&search=copper"))[0]).toMatchObject({ name: "Copper pipe 15 mm (per metre)", unit_price: 1280, unit_cost: 800 });
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByText("£12.80")).toBeVisible();

  // Import a small file through the mapping dialog: its headers map themselves.
  await page.goto("/price_item");
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import price items" });
  const csv = ["Name,Unit price,Unit cost,Unit,Tax rate,Category", "Radiator valve,14.50,9.00,piece,20,Heating", "Power flush,350,,flat,Standard rate,Heating", "Loft insulation,12.5,8,square metre,energy saving materials,Insulation", ""].join("\r\n");
  await dialog.locator('input[type="file"]').setInputFiles({ name: "items.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const mapping = page.getByRole("dialog", { name: "Configure mappings" });
  await expect(mapping.getByRole("status")).toHaveText("All required fields are mapped");
  await mapping.getByRole("button", { name: "Done" }).click();
  await dialog.getByRole("button", { name: "Import" }).click();
  await expectToast(page, "Price items imported", "3 price items were created");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(page.locator("tbody a[data-row-link]")).toHaveCount(5);
  const standard = taxRates.find((rate) => rate.name === "Standard rate")!;
  const imported = await priceItems(page, "&category=Heating&category=Insulation");
  expect(imported.map((item) => [item.name, item.unit, item.unit_price, item.unit_cost, item.tax_rate])).toEqual([
    ["Loft insulation", "square_metre", 1250, 800, energy.id],
    ["Power flush", "flat", 35000, null, standard.id],
    ["Radiator valve", "piece", 1450, 900, standard.id],
  ]);
  await closeToasts(page);

  // The categories the items are in filter the list.
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("combobox", { name: "Category" }).click();
  await expect(page.getByRole("option")).toHaveText(["Heating", "Insulation", "Labour", "Pipes"]);
  await page.getByRole("option", { name: "Heating" }).click();
  // Imported together, the two share their creation time: the list's order between them is not the test's.
  await expect(page.locator("tbody a[data-row-link]")).toHaveCount(2);
  expect((await page.locator("tbody a[data-row-link]").allTextContents()).sort()).toEqual(["Power flush", "Radiator valve"]);
  await expect(page).toHaveURL(/category=Heating/);
  await page.keyboard.press("Escape");
  await shoot(page, "price-book");
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { DESKTOP, expectNoOverflow, expectToast, logIn, MOBILE, ownerApi, PASSWORD, picture, reloadWhenSaved, signInByApi, signUpByApi, uniqueEmail } from "./support";

type Business = Record<string, unknown>;

/** An organization with one location, North Yard; the API context stays signed in as its owner. */
async function organizationWithLocation(request: APIRequestContext, baseURL: string, language = "en-US") {
  const { email } = await signUpByApi(request, baseURL, "Huber Plumbing", language);
  const headers = await signInByApi(request, baseURL, email);
  const api = ownerApi(request, headers);
  const north = await api.post<{ id: string }>("/location", { name: "North Yard" });
  const session = await (await request.get("/api/api/session", { headers })).json();
  const read = async (path: string) => ((await (await request.get(`/api/api${path}`, { headers })).json()) as { business: Business }).business;
  return { email, api, north: north.id, organization: session.organization.id as string, read };
}

/** The details an organization prints, as the API takes them. */
const DETAILS = {
  legal_name: "Sanitär Huber GmbH",
  line1: "Hauptstraße 5",
  zip: "80331",
  city: "München",
  country: "DE",
  phone: "089 1234567",
  vat_number: "DE123456789",
  bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
  currency: "EUR",
  time_zone: "Europe/Berlin",
  hours: { mon: [{ from: "07:30", to: "17:00" }], tue: [{ from: "08:00", to: "17:00" }], sat: [], sun: [] },
};

/** Chooses an option of a searchable select by typing part of its name. */
async function choose(page: Page, label: string, typed: string, option: RegExp) {
  const select = page.getByRole("combobox", { name: label, exact: true });
  await select.fill(typed);
  await page.getByRole("option", { name: option }).first().click();
}

/** Nothing sticks out to the right: the page does not scroll sideways. */
async function fitsTheWidth(page: Page) {
  // Polled: right after the viewport changes, the sidebar is still sliding away.
  await expectNoOverflow(page);
}

test("an admin gives the organization's business details; a typo in the IBAN shows at the IBAN; a location states only its own phone and hours", async ({
  page,
  request,
  baseURL,
}) => {
  const world = await organizationWithLocation(request, baseURL!);
  await page.goto("/organization/business");
  await logIn(page, world.email);
  const save = page.getByRole("button", { name: "Save" });
  const iban = page.getByRole("textbox", { name: "IBAN" });

  await test.step("the organization's details are typed in, the IBAN with a typo", async () => {
    await expect(page.getByRole("tab", { name: "Business details", selected: true })).toBeVisible();
    await page.getByRole("textbox", { name: "Legal name" }).fill("Sanitär Huber GmbH");
    await page.getByRole("textbox", { name: "Address line 1" }).fill("Hauptstraße 5");
    await page.getByRole("textbox", { name: "ZIP code" }).fill("80331");
    await page.getByRole("textbox", { name: "City" }).fill("München");
    await choose(page, "Country", "Germ", /^Germany$/);
    await page.getByRole("textbox", { name: "VAT number" }).fill("123 456 789");
    await page.getByRole("textbox", { name: "Phone" }).fill("089 1234567");
    await iban.fill("DE89 3704 0044 0532 0130 01");
    await page.getByRole("textbox", { name: "BIC" }).fill("COBADEFFXXX");
    await choose(page, "Currency", "Euro", /^EUR · Euro$/);
    await choose(page, "Time zone", "Berlin", /^Europe\/Berlin/);
  });

  await test.step("business hours start as Monday to Friday 08:00–17:00; Monday opens earlier, Saturday opens in the morning", async () => {
    await page.getByRole("button", { name: "Add business hours" }).click();
    await expect(page.getByLabel("Friday closes")).toHaveValue("17:00");
    await expect(page.getByRole("switch", { name: "Closed on Sunday" })).toBeChecked();
    await page.getByLabel("Monday opens").fill("07:30");
    await page.getByRole("switch", { name: "Closed on Saturday" }).click();
    await expect(page.getByLabel("Saturday opens")).toHaveValue("08:00");
    await page.getByLabel("Saturday closes").fill("12:00");
  });

  await test.step("the typo is refused at the IBAN, and nothing is saved", async () => {
    await save.click();
    await expect(iban).toHaveAttribute("aria-invalid", "true");
    await expect(iban).toHaveAccessibleDescription("The IBAN's check digits do not match: check it for a typo");
    await expectToast(page, "Invalid input", "The IBAN's check digits do not match");
    expect(await world.read(`/organization/${world.organization}`)).toEqual({});
  });

  await test.step("the server's own refusal lands at the field it names too", async () => {
    await iban.fill("DE89 3704 0044 0532 0130 00");
    await expect(iban).not.toHaveAttribute("aria-invalid", "true");
    // The browser checked the IBAN; the request is changed on its way, so the answer is the server's.
    await page.route("**/api/api/organization/*", async (route) => {
      if (route.request().method() !== "PATCH") return route.continue();
      const body = route.request().postDataJSON() as { business: { bank: { iban: string } } };
      body.business.bank.iban = "DE89 3704 0044 0532 0130 01";
      await route.continue({ postData: JSON.stringify(body) });
    });
    await save.click();
    await expect(iban).toHaveAccessibleDescription("The IBAN's check digits do not match: check it for a typo");
    await page.unroute("**/api/api/organization/*");
    expect(await world.read(`/organization/${world.organization}`)).toEqual({});
  });

  await test.step("with the IBAN fixed the details are saved, written the way documents print them", async () => {
    await iban.fill("DE89 3704 0044 0532 0130 00");
    await save.click();
    await expectToast(page, "Business details have been saved");
    const saved = await world.read(`/organization/${world.organization}`);
    expect(saved).toMatchObject({
      legal_name: "Sanitär Huber GmbH",
      country: "DE",
      vat_number: "DE123456789",
      bank: { iban: "DE89370400440532013000", bic: "COBADEFFXXX" },
      currency: "EUR",
      time_zone: "Europe/Berlin",
    });
    expect((saved.hours as Record<string, unknown>).mon).toEqual([{ from: "07:30", to: "17:00" }]);
    expect((saved.hours as Record<string, unknown>).sat).toEqual([{ from: "08:00", to: "12:00" }]);
    expect((saved.hours as Record<string, unknown>).sun).toEqual([]);
  });

  await test.step("after a reload the form shows them", async () => {
    await reloadWhenSaved(page);
    await expect(page.getByRole("textbox", { name: "Legal name" })).toHaveValue("Sanitär Huber GmbH", { timeout: 30_000 });
    await expect(page.getByRole("textbox", { name: "VAT number" })).toHaveValue("DE123456789");
    await expect(iban).toHaveValue("DE89 3704 0044 0532 0130 00");
    await expect(page.getByRole("combobox", { name: "Currency", exact: true })).toHaveValue("EUR · Euro");
    await expect(page.getByRole("combobox", { name: "Time zone", exact: true })).toHaveValue(/^Europe\/Berlin/);
    await expect(page.getByRole("combobox", { name: "Country", exact: true })).toHaveValue("Germany");
    await expect(page.getByLabel("Monday opens")).toHaveValue("07:30");
    await expect(page.getByLabel("Saturday closes")).toHaveValue("12:00");
    await expect(page.getByRole("switch", { name: "Closed on Sunday" })).toBeChecked();
    await expect(save).toBeDisabled();
    await picture(page, "organization-business");
  });

  await test.step("the numbering of quotes is changed: a format without its counter is refused at the field, then applied", async () => {
    const card = page.getByRole("region", { name: "Document numbers" });
    const quotes = card.getByRole("textbox", { name: "Quotes" });
    await expect(quotes).toHaveValue("Q-{YYYY}-{0000}");
    await expect(card.getByRole("textbox", { name: "Invoices" })).toHaveValue("INV-{YYYY}-{0000}");
    await quotes.fill("ANG-{YYYY}");
    await card.getByRole("button", { name: "Apply numbering" }).click();
    await expect(quotes).toHaveAttribute("aria-invalid", "true");
    await expect(card.getByRole("status")).toHaveCount(0);
    await quotes.fill("ANG-{YY}-{000}");
    await card.getByRole("button", { name: "Apply numbering" }).click();
    await expect(card.getByRole("status")).toHaveText("Numbering applied");
    await expect(quotes).not.toHaveAttribute("aria-invalid", "true");
    await page.reload();
    await expect(page.getByRole("region", { name: "Document numbers" }).getByRole("textbox", { name: "Quotes" })).toHaveValue("ANG-{YY}-{000}", { timeout: 30_000 });
    await page.getByRole("region", { name: "Document numbers" }).scrollIntoViewIfNeeded();
    await picture(page, "organization-document-numbers");
  });

  await test.step("a location shows the organization's details in its empty fields and the organization's hours", async () => {
    await page.goto(`/location/${world.north}/business`);
    await expect(page.getByText("Leave a field empty to print the organization's")).toBeVisible();
    const legal = page.getByRole("textbox", { name: "Legal name" });
    await expect(legal).toHaveValue("");
    await expect(legal).toHaveAttribute("placeholder", "As the organization: Sanitär Huber GmbH");
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAttribute("placeholder", "As the organization: 089 1234567");
    await expect(page.getByText("As the organization: DE89 3704 0044 0532 0130 00 · COBADEFFXXX")).toBeVisible();
    await expect(iban).toHaveAttribute("placeholder", "DE89 3704 0044 0532 0130 00");
    await expect(page.getByRole("combobox", { name: "Currency", exact: true })).toHaveAttribute("placeholder", "As the organization: EUR · Euro");
    // The organization's hours, shown but not editable here until the location takes its own.
    await expect(page.getByText("As the organization:", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Monday opens")).toHaveValue("07:30");
    await expect(page.getByLabel("Monday opens")).toBeDisabled();
  });

  await test.step("the location overrides its phone and hours; the rest stays the organization's", async () => {
    await page.getByRole("textbox", { name: "Phone" }).fill("040 987654");
    await page.getByRole("button", { name: "Set this location's own hours" }).click();
    await expect(page.getByLabel("Monday opens")).toBeEnabled();
    await page.getByLabel("Monday opens").fill("09:00");
    await page.getByRole("switch", { name: "Closed on Saturday" }).click();
    await save.click();
    await expectToast(page, "Business details have been saved");
    expect(await world.read(`/location/${world.north}`)).toEqual({
      phone: "040 987654",
      hours: { mon: [{ from: "09:00", to: "17:00" }], tue: [{ from: "08:00", to: "17:00" }], wed: [{ from: "08:00", to: "17:00" }], thu: [{ from: "08:00", to: "17:00" }], fri: [{ from: "08:00", to: "17:00" }], sat: [], sun: [] },
    });
    await reloadWhenSaved(page);
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("040 987654", { timeout: 30_000 });
    await expect(page.getByRole("textbox", { name: "Legal name" })).toHaveValue("");
    await expect(page.getByRole("textbox", { name: "Legal name" })).toHaveAttribute("placeholder", "As the organization: Sanitär Huber GmbH");
    await expect(page.getByLabel("Monday opens")).toHaveValue("09:00");
    await expect(page.getByRole("switch", { name: "Closed on Saturday" })).toBeChecked();
    await expect(page.getByRole("button", { name: "Use the organization's hours" })).toBeVisible();
    await picture(page, "location-business");
  });

  await test.step("the location's history names the change", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-entry").first()).toContainText("Phone: 040 987654");
  });
});

test("staff who are not administrators read the business details without changing them", async ({ page, request, baseURL }) => {
  const world = await organizationWithLocation(request, baseURL!);
  await world.api.patch(`/organization/${world.organization}`, { business: DETAILS });
  const role = await world.api.post<{ id: string }>("/role", { name: "Fitter", privileges: ["projects_manage"] });
  const fitterEmail = uniqueEmail("fitter");
  const fitter = await world.api.post<{ id: string }>("/member", { name: "Finn Fitter", email: fitterEmail, role: role.id });
  await world.api.patch(`/member/${fitter.id}`, { password: PASSWORD });
  await page.goto("/organization/business");
  await logIn(page, fitterEmail);
  await expect(page.getByRole("textbox", { name: "Legal name" })).toHaveValue("Sanitär Huber GmbH", { timeout: 30_000 });
  await expect(page.getByRole("textbox", { name: "Legal name" })).toBeDisabled();
  await expect(page.getByLabel("Monday opens")).toBeDisabled();
  await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
});

test("on a phone the form fits the screen and can be filled in", async ({ page, request, baseURL }) => {
  const world = await organizationWithLocation(request, baseURL!);
  await world.api.patch(`/organization/${world.organization}`, { business: DETAILS });
  await page.setViewportSize(MOBILE);
  await page.goto("/organization/business");
  await logIn(page, world.email);
  await expect(page.getByRole("textbox", { name: "Legal name" })).toHaveValue("Sanitär Huber GmbH", { timeout: 30_000 });
  await fitsTheWidth(page);
  await page.getByRole("switch", { name: "Closed on Wednesday" }).click();
  await page.getByRole("button", { name: "Add opening times on Tuesday" }).click();
  await expect(page.getByLabel("Tuesday opens")).toHaveCount(2);
  await page.getByLabel("Tuesday closes").first().fill("12:00");
  await page.getByLabel("Tuesday opens").nth(1).fill("13:00");
  await page.getByLabel("Tuesday closes").nth(1).fill("17:00");
  await page.getByText("UK account", { exact: true }).click();
  await page.getByRole("textbox", { name: "Account number" }).fill("31926819");
  await page.getByRole("textbox", { name: "Sort code" }).fill("60-16-13");
  await fitsTheWidth(page);
  await picture(page, "organization-business-phone");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Business details have been saved");
  const saved = await world.read(`/organization/${world.organization}`);
  expect(saved.bank).toEqual({ account_number: "31926819", sort_code: "601613" });
  expect((saved.hours as Record<string, unknown>).tue).toEqual([
    { from: "08:00", to: "12:00" },
    { from: "13:00", to: "17:00" },
  ]);

  await page.goto(`/location/${world.north}/business`);
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAttribute("placeholder", "As the organization: 089 1234567", { timeout: 30_000 });
  await fitsTheWidth(page);
  await picture(page, "location-business-phone");
});

test.describe("in German", () => {
  test.use({ locale: "de-DE" });

  test("the business details speak German, on a desktop and on a phone", async ({ page, request, baseURL }) => {
    const world = await organizationWithLocation(request, baseURL!, "de-DE");
    await world.api.patch(`/organization/${world.organization}`, { business: DETAILS });
    await page.goto("/organization/business");
    await logIn(page, world.email, PASSWORD, "de-DE");
    await expect(page.getByRole("tab", { name: "Geschäftsangaben", selected: true })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Firmierung" })).toHaveValue("Sanitär Huber GmbH", { timeout: 30_000 });
    await expect(page.getByRole("combobox", { name: "Land", exact: true })).toHaveValue("Deutschland");
    await expect(page.getByRole("combobox", { name: "Währung", exact: true })).toHaveValue("EUR · Euro");
    await expect(page.getByRole("heading", { name: "Öffnungszeiten" })).toBeVisible();
    await expect(page.getByRole("switch", { name: "Sonntag geschlossen" })).toBeChecked();
    await expect(page.getByLabel("Montag öffnet")).toHaveValue("07:30");
    await picture(page, "organization-business-de");
    await page.setViewportSize(MOBILE);
    await fitsTheWidth(page);
    await picture(page, "organization-business-de-phone");

    await page.setViewportSize(DESKTOP);
    await page.goto(`/location/${world.north}/business`);
    await expect(page.getByRole("textbox", { name: "Firmierung" })).toHaveAttribute("placeholder", "Wie beim Betrieb: Sanitär Huber GmbH", { timeout: 30_000 });
    await expect(page.getByRole("button", { name: "Eigene Öffnungszeiten für diesen Standort" })).toBeVisible();
    await picture(page, "location-business-de");
    await page.setViewportSize(MOBILE);
    await fitsTheWidth(page);
    await picture(page, "location-business-de-phone");
  });
});

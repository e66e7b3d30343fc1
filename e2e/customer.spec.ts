import { expect, test } from "@playwright/test";
import { expectToast, logIn, reloadWhenSaved, signInByApi, signUpByApi } from "./support";

// Customers reuse the Browse, Form, Detail and History mechanisms by configuration only.
test("create a customer, find it, edit it and see its history", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Customers" })).toBeVisible();
  // A new organization's empty list says what it will hold and offers the first step, there and in the header.
  await expect(page.getByText("No customers yet")).toBeVisible();
  await expect(page.getByRole("link", { name: "Create the first customer" })).toBeVisible();
  // A search that finds nothing is a miss, not a first use.
  await page.getByRole("textbox", { name: "Search" }).fill("nobody");
  await expect(page.getByText("No results found")).toBeVisible();
  await expect(page.getByText("No customers yet")).toHaveCount(0);
  // Text pasted past what a search takes is cut to it, and searched.
  await page.getByRole("textbox", { name: "Search" }).fill("x".repeat(300));
  await expect(page.getByRole("textbox", { name: "Search" })).toHaveValue("x".repeat(200));
  await expect(page.getByText("No results found")).toBeVisible();
  await page.getByRole("textbox", { name: "Search" }).fill("");
  await expect(page.getByText("No customers yet")).toBeVisible();
  // Each screen names itself in the browser tab.
  await expect(page).toHaveTitle("Customers · Craftdesk");

  await page.getByRole("link", { name: "Create the first customer" }).click();
  await expect(page.getByRole("heading", { name: "New customer" })).toBeVisible();
  await expect(page).toHaveTitle("New customer · Customers · Craftdesk");
  // Phones get the number pad.
  await expect(page.getByRole("textbox", { name: "Phone" })).toHaveAttribute("type", "tel");
  // An organization is asked for its name, a person for theirs.
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Organization" }).click();
  await expect(page.getByRole("textbox", { name: "Organization name" })).toBeVisible();
  await page.getByRole("combobox", { name: "Type" }).click();
  await page.getByRole("option", { name: "Individual" }).click();
  await expect(page.getByRole("textbox", { name: "Full name" })).toBeVisible();
  await page.getByRole("textbox", { name: "Email" }).fill("not-an-email");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Invalid input");
  await expect(page.locator("form").getByText("Enter a valid email address")).toBeVisible();

  await page.getByRole("textbox", { name: "Full name" }).fill("Mia Miller");
  await page.getByRole("textbox", { name: "Email" }).fill("mia@example.test");
  await page.getByRole("textbox", { name: "City" }).fill("Leeds");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Customer Mia Miller has been created");
  await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
  await expect(page).toHaveTitle("Mia Miller · Customers · Craftdesk");

  const save = page.getByRole("button", { name: "Save" });
  await expect(save).toBeDisabled();
  await page.getByRole("textbox", { name: "Phone" }).fill("+44 113 496 0000");
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Customer "Mia Miller" has been updated');
  await expect(save).toBeDisabled();

  await page.getByRole("tab", { name: "History" }).click();
  // Stored as +441134960000; an organization without a country reads every number internationally.
  await expect(page.getByText("+44 113 496 0000")).toBeVisible();
  const path = testInfo.outputPath("customer-history.png");
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach("customer-history", { path, contentType: "image/png" });

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Customers" }).click();
  await page.getByRole("textbox", { name: "Search" }).fill("mia");
  await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Mia Miller"]);
  await expect(page.locator("tbody")).toContainText("Leeds");
});

test("a list opened from the menu has its rows in the first response, shown before the app's script runs", async ({ browser, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const created = await request.post("/api/api/customer", { headers, data: { type: "individual", name: "Nora Northwind", city: "Leeds" } });
  expect(created.status()).toBe(201);
  expect(await (await request.get("/customer")).text()).toContain("Nora Northwind");
  // A search in the address is answered by the screen itself, not in the first response.
  expect(await (await request.get("/customer?search=nora")).text()).not.toContain("Nora Northwind");

  // Without the app's script (only the page's own inline ones) the rows still show.
  const context = await browser.newContext();
  await context.addCookies((await request.storageState()).cookies);
  await context.route("**/_next/static/**/*.js", (route) => route.abort());
  const page = await context.newPage();
  await page.goto("/customer");
  await expect(page.getByRole("link", { name: "Nora Northwind" })).toBeVisible();
  await expect(page.getByRole("cell", { name: "Leeds" })).toBeVisible();
  // The tab is named in the first response too.
  await expect(page).toHaveTitle("Customers · Craftdesk");
  await context.close();
});

test("phone numbers are checked and shown in the organization's format; a customer with the same email is pointed out, not refused", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/organization");
  await logIn(page, email);

  await test.step("the organization's country is set in its settings", async () => {
    const country = page.getByRole("combobox", { name: "Country" });
    await country.fill("United King");
    await page.getByRole("option", { name: "United Kingdom" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Changes have been saved");
    await reloadWhenSaved(page);
    await page.reload();
    await expect(page.getByRole("combobox", { name: "Country" })).toHaveValue("United Kingdom");
  });

  const idaUrl = await test.step("a phone that is no number is refused; a national one is taken", async () => {
    await page.goto("/customer/new");
    await page.getByRole("textbox", { name: "Full name" }).fill("Ida Example");
    await page.getByRole("textbox", { name: "Email" }).fill("ida@example.test");
    const phone = page.getByRole("textbox", { name: "Phone" });
    await expect(phone).toHaveAttribute("type", "tel");
    await phone.fill("call me maybe");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input", "Enter a valid phone number");
    await expect(page.locator("form").getByText("Enter a valid phone number")).toBeVisible();
    await expect(page).toHaveURL("/customer/new");

    await phone.fill("0113 496 0000");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Customer Ida Example has been created");
    await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("textbox", { name: "Phone" })).toHaveValue("0113 496 0000");
    return page.url();
  });

  await test.step("a second customer with the same email is warned about, with a link, and still saved", async () => {
    await page.goto("/customer/new");
    await page.getByRole("textbox", { name: "Full name" }).fill("Ivo Example");
    await page.getByRole("textbox", { name: "Phone" }).fill("+49 30 123456");
    await page.getByRole("textbox", { name: "Email" }).fill("IDA@example.test");
    const warning = page.locator("form").getByRole("status").filter({ hasText: "Another customer has this email:" });
    await expect(warning).toBeVisible();
    await expect(warning.getByRole("link", { name: "Ida Example" })).toHaveAttribute("href", new URL(idaUrl).pathname);
    // The phone is nobody else's.
    await expect(page.getByText("Another customer has this phone")).toHaveCount(0);
    const path = testInfo.outputPath("customer-duplicate-warning.png");
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("customer-duplicate-warning", { path, contentType: "image/png" });

    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Customer Ivo Example has been created");
    await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
    await expect(page).not.toHaveURL(idaUrl);
    // On the saved customer the warning stays, and its link opens the other one.
    await page.locator("form").getByRole("link", { name: "Ida Example" }).click();
    await expect(page).toHaveURL(idaUrl);
    await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Ida Example");
    await expect(page.locator("form").getByRole("link", { name: "Ivo Example" })).toBeVisible();
  });

  await test.step("the list shows a number of the organization's country nationally, others internationally", async () => {
    await page.goto("/customer");
    await expect(page.getByRole("row").filter({ hasText: "Ida Example" })).toContainText("0113 496 0000");
    await expect(page.getByRole("row").filter({ hasText: "Ida Example" })).not.toContainText("+44");
    await expect(page.getByRole("row").filter({ hasText: "Ivo Example" })).toContainText("+49 30 123456");
    // A search in the address is answered by the screen itself: its phones are formatted in the browser.
    await page.goto("/customer?search=ida");
    await expect(page.getByRole("row").filter({ hasText: "Ida Example" })).toContainText("0113 496 0000");
  });
});

import { expect, test } from "@playwright/test";
import { expectToast, logIn, signInByApi, signUpByApi } from "./support";

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
  await page.getByRole("textbox", { name: "Phone" }).fill("0113 496 0000");
  await expect(save).toBeEnabled();
  await save.click();
  await expectToast(page, 'Customer "Mia Miller" has been updated');
  await expect(save).toBeDisabled();

  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByText("0113 496 0000")).toBeVisible();
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

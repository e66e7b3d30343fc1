import { expect, test } from "@playwright/test";
import { expectToast, logIn, PASSWORD, signUpByApi } from "./support";

test("create a member with a role chosen in the picker, then remove it", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = { origin: baseURL! };
  await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } });
  const role = await request.post("/api/api/role", { headers, data: { name: "Fitter", privileges: ["customers_manage"] } });
  expect(role.status()).toBe(201);

  await page.goto("/member/new");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "New member" })).toBeVisible();
  await page.getByRole("textbox", { name: "Full name" }).fill("Frank Fitter");
  await page.getByRole("textbox", { name: "Email" }).fill("frank@example.test");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.locator("form").getByText("Choose a role")).toBeVisible();

  await page.getByRole("button", { name: "Choose role" }).click();
  const picker = page.getByRole("dialog", { name: "Choose role" });
  await picker.getByRole("textbox", { name: "Search" }).fill("fit");
  await expect(picker.locator("[data-picker-item]")).toHaveText(["Fitter"]);
  await picker.locator("[data-picker-item]").first().click();
  await expect(picker).toBeHidden();
  await expect(page.locator("form").getByRole("link", { name: "Fitter" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Member Frank Fitter has been created");

  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Removed" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, 'Member "Frank Fitter" has been updated');

  await page.goto("/member?status=active&status=removed&sort=name:asc");
  await expect(page.locator("tbody")).toContainText("Frank Fitter (removed)");
  await expect(page.locator("tbody")).toContainText("Olga Owner");
});

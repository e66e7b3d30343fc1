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

test("set a member's password, the member logs in elsewhere, and removal sends it back to the login screen", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = { origin: baseURL! };
  await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } });
  const role = await (await request.post("/api/api/role", { headers, data: { name: "Office", privileges: ["customers_manage"] } })).json();
  const staff = await (
    await request.post("/api/api/member", { headers, data: { name: "Sara Staff", email: "sara@example.test", role: role.id } })
  ).json();

  await page.goto(`/member/${staff.id}/security`);
  await logIn(page, email);
  const newPassword = page.getByRole("textbox", { name: "New password" });
  await newPassword.fill("a long new password");
  await page.getByRole("textbox", { name: "Repeat password" }).fill("a different one!!");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Passwords do not match eachother");
  await page.getByRole("textbox", { name: "Repeat password" }).fill("a long new password");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, 'Password for "Sara Staff" has been saved');

  const other = await browser.newContext();
  const staffPage = await other.newPage();
  await staffPage.goto("/customer");
  await logIn(staffPage, "sara@example.test", "a long new password");
  await expect(staffPage.getByRole("heading", { name: "Customers" })).toBeVisible();
  // Customers are hers to manage; locations need admin.
  await expect(staffPage.getByRole("link", { name: "New customer" })).toBeVisible();

  await staffPage.goto("/location/new");
  await staffPage.getByRole("textbox", { name: "Name" }).fill("Sneaky branch");
  await staffPage.getByRole("button", { name: "Save" }).click();
  await expectToast(staffPage, "Permission required", "admin");
  await staffPage.goto("/customer");
  await expect(staffPage.getByRole("heading", { name: "Customers" })).toBeVisible();

  const removed = await request.patch(`/api/api/member/${staff.id}`, { headers, data: { status: "removed" } });
  expect(removed.status()).toBe(200);
  await staffPage.getByRole("textbox", { name: "Search" }).fill("anything");
  await expect(staffPage.getByRole("button", { name: "Log in" })).toBeVisible();
  await other.close();
});

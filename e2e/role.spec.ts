import { expect, test } from "@playwright/test";
import { expectToast, logIn, signUpByApi } from "./support";

test("create a role with two privileges, change them and see the history", async ({ page, request, baseURL }, testInfo) => {
  await test.step("the owner signs up and finds the founder's Administrator role listed", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/role");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "Browse" })).toBeVisible();
    // The founder's Administrator role is listed from the start.
    await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Administrator"]);
  });

  const { picker } = await test.step("a new role takes its privileges from the picker: Return keeps the field, Confirm takes the ticked ones", async () => {
    await page.getByRole("link", { name: "New role" }).click();
    await page.getByRole("textbox", { name: "Name" }).fill("Dispatcher");
    // The Privilege picker: Return keeps the field as it was, Confirm takes the ticked ones.
    await page.getByRole("button", { name: "Choose privileges" }).click();
    const picker = page.getByRole("dialog", { name: "Choose privileges" });
    await picker.getByRole("checkbox", { name: /Manage customers/ }).check();
    await picker.getByRole("button", { name: "Return" }).click();
    await expect(page.getByRole("button", { name: "Choose privileges" })).toBeVisible();
    await page.getByRole("button", { name: "Choose privileges" }).click();
    await picker.getByRole("textbox", { name: "Search" }).fill("manage");
    await expect(picker.getByRole("checkbox")).toHaveCount(3);
    await picker.getByRole("checkbox", { name: /Manage customers/ }).check();
    await picker.getByRole("checkbox", { name: /Manage project types/ }).check();
    await picker.getByRole("button", { name: "Confirm" }).click();
    await expect(picker).toBeHidden();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Role Dispatcher has been created");
    // The new role's own page, not the form it was created on, which shows the same privileges for a moment.
    await expect(page).toHaveURL(/\/role\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("tab", { name: "History" })).toBeVisible();
    return { picker };
  });

  await test.step("one privilege is taken away again and the role saved", async () => {
    // The closed picker stays in the page, hidden, for a second (spec §9): read the role itself.
    const role = page.getByRole("main");
    await expect(role.getByText("Manage customers and conversations")).toBeVisible();
    await expect(role.getByText("Manage project types and all projects")).toBeVisible();
    await page.getByRole("button", { name: "Change" }).first().click();
    await picker.getByRole("checkbox", { name: /Manage project types/ }).uncheck();
    await picker.getByRole("button", { name: "Confirm" }).click();
    await expect(role.getByText("Manage project types and all projects")).toBeHidden();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Role "Dispatcher" has been updated');
  });

  await test.step("the history shows the change of privileges", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-entry")).toHaveCount(2);
    await expect(page.getByTestId("history-entry").first()).toContainText("Privileges");
    const path = testInfo.outputPath("role-history.png");
    await page.screenshot({ path, fullPage: true });
    await testInfo.attach("role-history", { path, contentType: "image/png" });
  });

  await test.step("the list shows both roles", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Roles" }).click();
    await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Dispatcher", "Administrator"]);
    // Privileges by their labels, as on the role itself.
    await expect(page.locator("tbody tr", { hasText: "Dispatcher" })).toContainText("Manage customers and conversations");
    await expect(page.locator("tbody tr", { hasText: "Administrator" })).toContainText("Administrator (everything)");
  });

  await test.step("the Administrator role lists its member on the Members tab", async () => {
    await page.locator("tbody a[data-row-link]", { hasText: "Administrator" }).click();
    await page.getByRole("tab", { name: "Members" }).click();
    await expect(page).toHaveURL(/\/role\/[0-9a-f-]{36}\/members$/);
    await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Olga Owner"]);
  });
});

import { expect, test } from "@playwright/test";
import { expectToast, logIn, PASSWORD, reloadWhenSaved, signUpByApi } from "./support";

test("create a member with a role chosen in the picker, then remove it", async ({ page, request, baseURL }) => {
  const { email } = await test.step("the owner signs up and makes a Fitter role through the API", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    const headers = { origin: baseURL! };
    await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } });
    const role = await request.post("/api/api/role", { headers, data: { name: "Fitter", privileges: ["customers_manage"] } });
    expect(role.status()).toBe(201);
    return { email };
  });

  await test.step("a new member cannot be saved without a role", async () => {
    await page.goto("/member/new");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "New member" })).toBeVisible();
    await page.getByRole("textbox", { name: "Full name" }).fill("Frank Fitter");
    await page.getByRole("textbox", { name: "Email" }).fill("frank@example.test");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.locator("form").getByText("Choose a role")).toBeVisible();
  });

  await test.step("the role is found by typing in the picker, and the member is created", async () => {
    await page.getByRole("button", { name: "Choose role" }).click();
    const picker = page.getByRole("dialog", { name: "Choose role" });
    await picker.getByRole("textbox", { name: "Search" }).fill("fit");
    await expect(picker.locator("[data-picker-item]")).toHaveText(["Fitter"]);
    await picker.locator("[data-picker-item]").first().click();
    await expect(picker).toBeHidden();
    await expect(page.locator("form").getByRole("link", { name: "Fitter" })).toBeVisible();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Member Frank Fitter has been created");
  });

  await test.step("the member is removed", async () => {
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Removed" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Member "Frank Fitter" has been updated');
  });

  await test.step("the list shows removed and active members together", async () => {
    await page.goto("/member?status=active&status=removed&sort=name:asc");
    await expect(page.locator("tbody")).toContainText("Frank Fitter (removed)");
    await expect(page.locator("tbody")).toContainText("Olga Owner");
  });

  await test.step("the role filter finds roles by typing", async () => {
    // The role filter finds roles by typing.
    const rows = page.locator("tbody a[data-row-link]");
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("combobox", { name: "Role" }).fill("fit");
    await page.getByRole("option", { name: "Fitter" }).click();
    await expect(rows).toHaveText(["Frank Fitter (removed)"]);
    await expect(page).toHaveURL(/role=[0-9a-f-]{36}/);
  });
});

test("an admin sets up a role and a member on screen; the member signs in elsewhere, and removal sends it back to the login screen", async ({
  page,
  request,
  baseURL,
  browser,
}) => {
  await test.step("the owner signs up and opens a new role", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    await page.goto("/role/new");
    await logIn(page, email);
  });

  await test.step("the admin creates a role with two privileges", async () => {
    // The admin creates a role with two privileges, then a member with that role, all on screen.
    await page.getByRole("textbox", { name: "Name" }).fill("Office");
    await page.getByRole("button", { name: "Choose privileges" }).click();
    const privileges = page.getByRole("dialog", { name: "Choose privileges" });
    await privileges.getByRole("checkbox", { name: /Manage customers/ }).check();
    await privileges.getByRole("checkbox", { name: /Manage project types/ }).check();
    await privileges.getByRole("button", { name: "Confirm" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Role Office has been created");
  });

  await test.step("the admin creates a member with that role", async () => {
    await page.goto("/member/new");
    await page.getByRole("textbox", { name: "Full name" }).fill("Sara Staff");
    await page.getByRole("textbox", { name: "Email" }).fill("sara@example.test");
    await page.getByRole("button", { name: "Choose role" }).click();
    await page.getByRole("dialog", { name: "Choose role" }).locator("[data-picker-item]", { hasText: "Office" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Member Sara Staff has been created");
  });

  await test.step("the member's password is set on the Security tab once both entries match", async () => {
    await page.getByRole("tab", { name: "Security" }).click();
    const newPassword = page.getByRole("textbox", { name: "New password" });
    await newPassword.fill("a long new password");
    await page.getByRole("textbox", { name: "Repeat password" }).fill("a different one!!");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Passwords do not match eachother");
    await page.getByRole("textbox", { name: "Repeat password" }).fill("a long new password");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Password for "Sara Staff" has been saved');
  });

  const { other, staffPage } = await test.step("the member signs in in another browser and may manage customers", async () => {
    const other = await browser.newContext();
    const staffPage = await other.newPage();
    await staffPage.goto("/customer");
    await logIn(staffPage, "sara@example.test", "a long new password");
    await expect(staffPage.getByRole("heading", { name: "Customers" })).toBeVisible();
    // Customers are hers to manage; locations need admin.
    await expect(staffPage.getByRole("link", { name: "New customer" })).toBeVisible();
    return { other, staffPage };
  });

  await test.step("locations need admin, and roles are hers to look at, not to change", async () => {
    // No New button where she may not create; opened by its address, the create screen says what it takes.
    await staffPage.goto("/location");
    await expect(staffPage.getByRole("heading", { name: "Locations" })).toBeVisible();
    await expect(staffPage.getByRole("link", { name: "New location" })).toHaveCount(0);
    await staffPage.goto("/member/new");
    await expect(staffPage.getByText("Creating members takes the privilege Manage members and roles.")).toBeVisible();
    await expect(staffPage.getByRole("button", { name: "Save" })).toHaveCount(0);
    // A refusal names the privilege by its label.
    await staffPage.route("**/api/api/customer", (route) =>
      route.request().method() === "POST"
        ? route.fulfill({ status: 403, contentType: "application/json", body: '{"status":403,"message":"Permission required","permission":"customers_manage"}' })
        : route.continue(),
    );
    await staffPage.goto("/customer/new");
    await staffPage.getByRole("textbox", { name: "Full name" }).fill("Refused Customer");
    await staffPage.getByRole("button", { name: "Save" }).click();
    await expectToast(staffPage, "Permission required", "Manage customers and conversations");
    await staffPage.unroute("**/api/api/customer");
    // Roles are hers to look at, not to change: the form is read-only.
    await staffPage.goto("/role");
    await staffPage.locator("tbody a[data-row-link]", { hasText: "Office" }).click();
    await expect(staffPage.getByText("You can view this role but not change it.")).toBeVisible();
    await expect(staffPage.getByRole("textbox", { name: "Name" })).toBeDisabled();
    await expect(staffPage.getByRole("button", { name: "Save" })).toHaveCount(0);
    await staffPage.goto("/customer");
    await expect(staffPage.getByRole("heading", { name: "Customers" })).toBeVisible();
  });

  await test.step("the admin removes her; her next click lands on the login screen", async () => {
    // The admin removes her on the member's Details tab; her next click lands on the login screen.
    await page.getByRole("tab", { name: "Details" }).click();
    await page.getByRole("combobox", { name: "Status" }).click();
    await page.getByRole("option", { name: "Removed" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Member "Sara Staff" has been updated');
    await staffPage.getByRole("link", { name: "Roles" }).click();
    await expect(staffPage.getByRole("button", { name: "Log in" })).toBeVisible();
    await other.close();
  });
});

test("an admin ties a member to a location and gives it a picture", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = { origin: baseURL! };
  await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } });
  const role = await (await request.post("/api/api/role", { headers, data: { name: "Fitter", privileges: [] } })).json();
  await request.post("/api/api/location", { headers, data: { name: "North" } });
  const fitter = await (
    await request.post("/api/api/member", { headers, data: { name: "Finn Fitter", email: "finn@example.test", role: role.id } })
  ).json();

  await page.goto(`/member/${fitter.id}`);
  await logIn(page, email);
  await expect(page.getByRole("combobox", { name: "Location", exact: true })).toHaveValue("Organization level");
  await page.getByRole("combobox", { name: "Location", exact: true }).click();
  await page.getByRole("option", { name: "North" }).click();
  await page.locator('input[type="file"]').setInputFiles({
    name: "finn.png",
    mimeType: "image/png",
    buffer: Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==", "base64"),
  });
  await expect(page.getByRole("button", { name: "Remove image" })).toBeVisible();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, 'Member "Finn Fitter" has been updated');

  await reloadWhenSaved(page);
  await expect(page.getByRole("combobox", { name: "Location", exact: true })).toHaveValue("North");
  await page.getByRole("tab", { name: "History" }).click();
  await expect(page.getByTestId("history-entry").first()).toContainText("North");

  // The list shows the location badge and the picture instead of initials.
  await page.goto("/member");
  const row = page.locator("tbody tr", { hasText: "Finn Fitter" });
  await expect(row).toContainText("North");
  await expect(row.locator("img")).toHaveAttribute("src", /\/api\/api\/file\//);
});

test("on one's own Security tab (Members → me leads to Settings → Security) the current password confirms a new password", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = { origin: baseURL! };
  const signedIn = await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } });
  const me = (await signedIn.json()).member.id as string;
  await page.goto(`/member/${me}/security`);
  await logIn(page, email);
  await expect(page).toHaveURL(/\/settings\/security$/);
  const current = page.getByLabel("Current password", { exact: false });
  await expect(current).toBeVisible();
  const newPassword = "a brand new passphrase";
  await page.getByLabel("New password", { exact: false }).fill(newPassword);
  await page.getByLabel("Repeat password", { exact: false }).fill(newPassword);
  const save = page.getByRole("button", { name: "Save password" });
  await expect(save).toBeDisabled();
  await current.fill("not my password at all");
  await save.click();
  await expect(page.locator("form").getByText("The current password is not correct")).toBeVisible();
  const path = testInfo.outputPath("member-security-own.png");
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach("member-security-own", { path, contentType: "image/png" });

  await current.fill(PASSWORD);
  await save.click();
  await expectToast(page, "Your password has been saved");
  // The API session was another session of the same member: it has ended.
  expect((await request.get("/api/api/session")).status()).toBe(401);
  const fresh = await request.post("/api/api/session", { headers, data: { email, password: newPassword } });
  expect(fresh.status()).toBe(200);
});

import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { expectToast, logIn, PASSWORD, signInByApi, signUpByApi, uniqueEmail, ownerApi } from "./support";

/**
 * An organization with a branch, North, and its manager: customers and projects
 * are hers to manage, but her role lives at organization level, shared with no
 * location. Besides: a customer shared with North to view only, one shared with
 * North in full, one not shared at all, and a project type North may only view.
 */
async function branchWithManager(request: APIRequestContext, baseURL: string) {
  const { email } = await signUpByApi(request, baseURL);
  const api = ownerApi(request, await signInByApi(request, baseURL, email));
  const north = await api.post<{ id: string }>("/location", { name: "North" });
  const role = await api.post<{ id: string }>("/role", { name: "Branch manager", privileges: ["customers_manage", "projects_manage"] });
  const managerEmail = uniqueEmail("mia");
  const manager = await api.post<{ id: string }>("/member", { name: "Mia Manager", email: managerEmail, role: role.id });
  await api.patch(`/member/${manager.id}`, { password: PASSWORD, location: north.id });
  const customer = async (name: string, sharing: unknown) => {
    const made = await api.post<{ id: string }>("/customer", { type: "individual", name });
    await api.patch(`/customer/${made.id}`, { sharing });
    return made.id;
  };
  const viewOnly = await customer("Vera Viewonly", { default: "view", locations: [] });
  const shared = await customer("Finn Fullaccess", { default: "none", locations: [{ id: north.id, level: "full" }] });
  const hidden = await customer("Hanna Hidden", { default: "none", locations: [] });
  const type = await api.post<{ id: string }>("/project_type", { name: "Boiler service", icon: "flame" });
  await api.patch(`/project_type/${type.id}`, { sharing: { default: "view", locations: [] } });
  return { owner: email, managerEmail, viewOnly, shared, hidden, type: type.id };
}

async function shot(page: Page, name: string) {
  const path = test.info().outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: "image/png" });
}

test("a record shared with the member's location to view only reads as such: no Save, no changes offered; one shared in full stays editable", async ({
  page,
  request,
  baseURL,
}) => {
  const world = await branchWithManager(request, baseURL!);
  await page.goto(`/customer/${world.viewOnly}`);
  await logIn(page, world.managerEmail);

  await test.step("the view-only customer: the sentence, disabled fields, no Save", async () => {
    await expect(page.getByRole("heading", { name: "Vera Viewonly" })).toBeVisible();
    await expect(page.getByText("You can view this customer but not change it.")).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Full name" })).toBeDisabled();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Reset changes" })).toHaveCount(0);
    await shot(page, "customer-view-only");
  });

  await test.step("a customer shared with North in full is hers to change", async () => {
    await page.goto(`/customer/${world.shared}`);
    await expect(page.getByRole("heading", { name: "Finn Fullaccess" })).toBeVisible();
    await expect(page.getByText("You can view this customer but not change it.")).toHaveCount(0);
    await page.getByRole("textbox", { name: "City" }).fill("Leeds");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Customer "Finn Fullaccess" has been updated');
  });

  await test.step("the same holds for every entity's detail: a project type North may only view", async () => {
    await page.goto(`/project_type/${world.type}`);
    await expect(page.getByRole("heading", { name: "Boiler service" })).toBeVisible();
    await expect(page.getByText("You can view this project type but not change it.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
    await page.getByRole("tab", { name: "Workflows" }).click();
    await expect(page.getByText("You can view this project type but not change it.")).toBeVisible();
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  });

  await test.step("another member's Security tab offers no password form to a member who may not set it", async () => {
    await page.goto("/member");
    await page.locator("tbody a[data-row-link]", { hasText: "Olga Owner" }).click();
    await expect(page.getByText("You can view this member but not change it.")).toBeVisible();
    await page.getByRole("tab", { name: "Security" }).click();
    await expect(page.getByText("You can view this member but not change their password.")).toBeVisible();
    await expect(page.getByLabel("New password", { exact: false })).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Save" })).toHaveCount(0);
  });
});

test("Members shows a member's own role by its name, though roles are not shared with her location", async ({ page, request, baseURL }) => {
  const world = await branchWithManager(request, baseURL!);
  await page.goto("/member");
  await logIn(page, world.managerEmail);
  const row = page.locator("tbody tr", { hasText: "Mia Manager" });
  await expect(row.getByText("Branch manager")).toBeVisible();
  await expect(page.getByText("Unknown role")).toHaveCount(0);
  await shot(page, "members-own-role");
});

test("Integrations tell a member who is not an admin who may change them, and offer no controls", async ({ page, request, baseURL }) => {
  const world = await branchWithManager(request, baseURL!);
  await page.goto("/organization/integrations");
  await logIn(page, world.managerEmail);
  await expect(page.getByText("Only administrators can connect a mailbox or change the integrations.")).toBeVisible();
  await expect(page.getByRole("region", { name: "Google mailbox" })).toContainText("Not connected");
  await expect(page.getByRole("button", { name: "Connect" })).toHaveCount(0);
  await expect(page.getByText("Failed to load content")).toHaveCount(0);
  await shot(page, "integrations-non-admin");
});

test("a link to a customer not shared with the member's location says it is not found or not shared", async ({ page, request, baseURL }) => {
  const world = await branchWithManager(request, baseURL!);
  await page.goto(`/customer/${world.hidden}`);
  await logIn(page, world.managerEmail);
  await expect(page.getByText("Not found, or not shared with your location")).toBeVisible();
  await expect(page.getByText("Failed to load content")).toHaveCount(0);
  await expect(page.getByRole("link", { name: "Back to Customers" })).toBeVisible();
  await shot(page, "customer-not-shared");
});

test("one's own email and password live under Settings → Security; Members → me → Security leads there", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = { origin: baseURL! };
  const me = (await (await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } })).json()).member.id as string;
  await page.goto("/settings");
  await logIn(page, email);

  await test.step("Profile keeps picture and name; Security holds email and password", async () => {
    await expect(page.getByRole("textbox", { name: "Full name" })).toBeVisible();
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveCount(0);
    await page.getByRole("tab", { name: "Security" }).click();
    await expect(page).toHaveURL(/\/settings\/security$/);
    await expect(page.getByRole("textbox", { name: "Email" })).toHaveValue(email);
    await expect(page.getByLabel("New password", { exact: false })).toBeVisible();
    await shot(page, "settings-security");
  });

  await test.step("the old address, Members → me → Security, opens Settings → Security", async () => {
    await page.goto(`/member/${me}/security`);
    await expect(page).toHaveURL(/\/settings\/security$/);
  });

  await test.step("the password is changed there with the current one", async () => {
    const next = "a brand new passphrase";
    await page.getByLabel("Current password", { exact: false }).fill(PASSWORD);
    await page.getByLabel("New password", { exact: false }).fill(next);
    await page.getByLabel("Repeat password", { exact: false }).fill(next);
    await page.getByRole("button", { name: "Save password" }).click();
    await expectToast(page, "Your password has been saved");
    const fresh = await request.post("/api/api/session", { headers, data: { email, password: next } });
    expect(fresh.status()).toBe(200);
  });
});

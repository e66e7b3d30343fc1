import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, expectToast, logIn, PASSWORD, shoot, signInByApi, signUpByApi, uniqueEmail } from "./support";

const locationField = (page: Page) => page.getByRole("combobox", { name: "Location" });

async function chooseLocation(page: Page, name: string) {
  await locationField(page).click();
  await page.getByRole("option", { name, exact: true }).click();
  await expect(locationField(page)).toHaveValue(name);
}

test("an admin at organization level creates a customer, a project and a member at York, and York's technician sees them", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const { email } = await signUpByApi(request, baseURL!);
  const headers = await signInByApi(request, baseURL!, email);
  const post = async (path: string, data: object) => {
    const res = await request.post(`/api/api${path}`, { headers, data });
    expect(res.status(), `${path}: ${await res.text()}`).toBe(201);
    return (await res.json()) as { id: string };
  };
  const york = await post("/location", { name: "York" });
  await post("/location", { name: "South" });
  // A technician tied to York, and a project type York may use.
  const role = await post("/role", { name: "Technician", privileges: [] });
  const technicianEmail = uniqueEmail("tech");
  const technician = await post("/member", { name: "Tom Tech", email: technicianEmail, role: role.id, location: york.id });
  expect((await request.patch(`/api/api/member/${technician.id}`, { headers, data: { password: PASSWORD } })).status()).toBe(200);
  const type = await post("/project_type", { name: "Boiler service", icon: "flame" });
  const shared = await request.patch(`/api/api/project_type/${type.id}`, { headers, data: { sharing: { default: "view", locations: [] } } });
  expect(shared.status()).toBe(200);

  await test.step("a new customer defaults to where the switcher is, the organization level, and says who will see it", async () => {
    await page.goto("/customer/new");
    await logIn(page, email);
    await expect(page.getByRole("heading", { name: "New customer" })).toBeVisible();
    await expect(locationField(page)).toHaveValue("Organization level");
    await expect(page.getByText("Visible only at organization level, not to staff at locations")).toBeVisible();
    // Every location the admin may switch to is offered.
    await locationField(page).click();
    await expect(page.getByRole("option")).toHaveText(["Organization level", "South", "York"]);
    await page.keyboard.press("Escape");
  });

  await test.step("placed at York, it says York's staff will see it, and is created there", async () => {
    await page.getByRole("textbox", { name: "Full name" }).fill("Mia Miller");
    await chooseLocation(page, "York");
    await expect(page.getByText("Visible to staff at York and at organization level")).toBeVisible();
    await shoot(page, "new-customer-at-york");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Customer Mia Miller has been created");
    await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
  });

  await test.step("a project at York", async () => {
    await page.goto("/project/new");
    await expect(page.getByRole("heading", { name: "New project" })).toBeVisible();
    await page.getByRole("textbox", { name: "Title" }).fill("Boiler at No. 7");
    await page.getByRole("button", { name: "Choose type" }).click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Boiler service" }).click();
    await chooseLocation(page, "York");
    await expect(page.getByText("Visible to staff at York and at organization level")).toBeVisible();
    await shoot(page, "new-project-at-york");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project Boiler at No. 7 has been created");
  });

  await test.step("a member at York works there only, and the form says so", async () => {
    await page.goto("/member/new");
    await page.getByRole("textbox", { name: "Full name" }).fill("Yara York");
    await page.getByRole("textbox", { name: "Email" }).fill(uniqueEmail("yara"));
    await page.getByRole("button", { name: "Choose role" }).click();
    await page.getByRole("dialog", { name: "Choose role" }).locator("[data-picker-item]").filter({ hasText: "Technician" }).click();
    await expect(page.getByText("Works at organization level and at any location.")).toBeVisible();
    await chooseLocation(page, "York");
    await expect(page.getByText("Works at York only. Visible to staff at York and at organization level")).toBeVisible();
    await shoot(page, "new-member-at-york");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Member Yara York has been created");
  });

  await test.step("switched to South, a new customer defaults to South", async () => {
    await page.getByRole("button", { name: "Switch organization or location" }).click();
    await page.getByRole("menuitem", { name: "South" }).click();
    await expectToast(page, "Your location has been updated");
    await page.goto("/customer/new");
    await expect(locationField(page)).toHaveValue("South");
    await expect(page.getByText("Visible to staff at South and at organization level")).toBeVisible();
  });

  await test.step("York's technician sees the customer, the project and the member, and creates only at York", async () => {
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expectToast(page, "You have logged out");
    await page.goto("/customer");
    await logIn(page, technicianEmail);
    await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Mia Miller"]);
    await page.goto("/project");
    await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Boiler at No. 7"]);
    await page.goto("/member");
    await expect(page.locator("tbody a[data-row-link]")).toContainText(["Yara York"]);
    await page.goto("/project/new");
    await expect(locationField(page)).toHaveValue("York");
    await expect(locationField(page)).toBeDisabled();
    await expect(page.getByText("Visible to staff at York and at organization level")).toBeVisible();
  });
});

import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectToast, logIn, PASSWORD, signUpByApi } from "./support";

/** A fresh organization with the given active locations, and the page signed in at organization level. */
async function signedIn(page: Page, request: APIRequestContext, baseURL: string, locations: string[] = []) {
  const { email } = await signUpByApi(request, baseURL);
  const headers = { origin: baseURL };
  expect((await request.post("/api/api/session", { headers, data: { email, password: PASSWORD } })).status()).toBe(200);
  const ids: string[] = [];
  for (const name of locations) {
    const created = await request.post("/api/api/location", { headers, data: { name } });
    expect(created.status()).toBe(201);
    ids.push(((await created.json()) as { id: string }).id);
  }
  await page.goto("/");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  return { email, ids };
}

async function snapshot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

const sidebar = (page: Page) => page.getByRole("navigation", { name: "Main navigation" });

test("sidebar sections, switching location and back with Alt+digit (⌘ on Apple machines)", async ({ page, request, baseURL }, testInfo) => {
  await signedIn(page, request, baseURL!, ["Riverside Workshop", "Hilltop Studio"]);
  const nav = sidebar(page);
  for (const section of ["Home", "Customers", "Projects", "Administration", "Organization"]) {
    await expect(nav.getByRole("group", { name: section })).toBeVisible();
  }
  const links = { Conversations: "/conversation", Customers: "/customer", Projects: "/project", "Project Types": "/project_type" };
  for (const [name, href] of Object.entries(links)) {
    await expect(nav.getByRole("link", { name, exact: true })).toHaveAttribute("href", href);
  }
  await expect(nav.getByRole("group", { name: "Projects" }).getByRole("link", { name: "Board" })).toHaveAttribute("href", "/dnd");
  await expect(nav.getByRole("group", { name: "Home" }).getByRole("link", { name: "Dashboard" })).toHaveAttribute("aria-current", "page");
  await expect(nav.getByRole("group", { name: "Organization" }).getByRole("link", { name: "Locations" })).toBeVisible();
  await expect(page.getByText("Start", { exact: true })).toBeVisible();
  await snapshot(page, testInfo, "desktop-light");

  await page.getByRole("button", { name: "Switch organization or location" }).click();
  await expect(page.getByRole("menuitem", { name: "New location" })).toHaveAttribute("href", "/location/new");
  await page.getByRole("menuitem", { name: "Riverside Workshop" }).click();
  await expectToast(page, "Your location has been updated");
  await expect(nav.getByRole("group", { name: "Organization" })).toBeHidden();
  await expect(page.getByRole("button", { name: "Switch organization or location" })).toContainText("Riverside Workshop");

  await page.keyboard.press("Alt+0");
  await expect(nav.getByRole("group", { name: "Organization" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Switch organization or location" })).toContainText("Organization");
  await expect(page.locator(".mantine-Notification-root").filter({ hasText: "Your location has been updated" })).toHaveCount(2);

  // Locations are numbered by name: Hilltop Studio is the first digit.
  await page.getByRole("button", { name: "Switch organization or location" }).click();
  await expect(page.getByRole("menuitem", { name: "Hilltop Studio" })).toContainText("Alt+1");
  await expect(page.getByRole("menuitem", { name: "Riverside Workshop" })).toContainText("Alt+2");
  await page.keyboard.press("Escape");
  await page.keyboard.press("Alt+1");
  await expect(page.getByRole("button", { name: "Switch organization or location" })).toContainText("Hilltop Studio");
});

test("a member tied to a location without admin cannot switch", async ({ page, request, baseURL }) => {
  const { ids } = await signedIn(page, request, baseURL!, ["Corner Shop"]);
  const headers = { origin: baseURL! };
  const role = await request.post("/api/api/role", { headers, data: { name: "Shop staff", privileges: [] } });
  expect(role.status()).toBe(201);
  const email = `staff-${Date.now()}@example.test`;
  const member = await request.post("/api/api/member", {
    headers,
    data: { name: "Sam Staff", email, role: ((await role.json()) as { id: string }).id },
  });
  expect(member.status()).toBe(201);
  const memberId = ((await member.json()) as { id: string }).id;
  const tied = await request.patch(`/api/api/member/${memberId}`, { headers, data: { location: ids[0], password: PASSWORD } });
  expect(tied.ok()).toBe(true);

  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Log out" }).click();
  await logIn(page, email);
  const switcher = page.getByRole("button", { name: "Switch organization or location" });
  await expect(switcher).toContainText("Corner Shop");
  await expect(switcher).toBeDisabled();
  await expect(sidebar(page).getByRole("group", { name: "Organization" })).toBeHidden();
  await page.keyboard.press("Alt+0");
  await expect(page.getByRole("menu")).toBeHidden();
  await expect(switcher).toContainText("Corner Shop");
});

test("user menu: shortcut hints, single-key shortcuts outside inputs, Q logs out", async ({ page, request, baseURL }) => {
  await signedIn(page, request, baseURL!);
  await page.getByRole("button", { name: "User menu" }).click();
  for (const [name, key] of [["Settings", ";"], ["Notifications", "N"], ["Theme", "T"], ["Log out", "Q"]]) {
    await expect(page.getByRole("menuitem", { name })).toContainText(key!);
  }
  await page.keyboard.press("Escape");
  await page.keyboard.press(";");
  await expect(page).toHaveURL("/settings");
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Olga Owner");
  await page.keyboard.press("n");
  await expect(page).toHaveURL("/settings/notifications");
  await page.keyboard.press("t");
  await expect(page).toHaveURL("/settings/theme");

  // Typing in an input is typing, not a shortcut.
  await page.keyboard.press("Control+K");
  await page.getByRole("textbox", { name: "Quick action" }).pressSequentially("quant");
  await expect(page.getByText("No results found")).toBeVisible();
  await expect(page).toHaveURL("/settings/theme");
  await page.keyboard.press("Escape");
  await expect(page.getByRole("textbox", { name: "Quick action" })).toBeHidden();

  await page.keyboard.press("q");
  await expectToast(page, "You have logged out");
  await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
});

test("quick action opens with the keyboard and jumps to screens, locations, projects and customers", async ({ page, request, baseURL }) => {
  await page.goto("/");
  await page.keyboard.press("Control+K");
  await expect(page.getByRole("textbox", { name: "Quick action" })).toBeHidden();

  const { ids } = await signedIn(page, request, baseURL!, ["Harbour Yard"]);
  await page.keyboard.press("Control+K");
  const input = page.getByRole("textbox", { name: "Quick action" });
  await expect(input).toBeFocused();
  await expect(page.getByText("Type the name of a screen or a record")).toBeVisible();
  await input.fill("harbour");
  await expect(page.getByRole("button", { name: "Harbour Yard" })).toBeVisible();
  await page.keyboard.press("Control+K");
  await expect(input).toHaveValue("harbour");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL(`/location/${ids[0]}`);

  await page.goto("/");
  await expect(page.getByRole("heading", { name: "Dashboard" })).toBeVisible();
  await page.keyboard.press("Control+K");
  await input.fill("theme");
  await page.keyboard.press("Enter");
  await expect(page).toHaveURL("/settings/theme");
  await page.keyboard.press("Control+K");
  await input.fill("no such thing");
  await expect(page.getByText("No results found")).toBeVisible();

  // Projects are found by title, customers by name.
  const headers = { origin: baseURL! };
  const type = await (await request.post("/api/api/project_type", { headers, data: { name: "Boiler service", icon: "flame" } })).json();
  const project = await request.post("/api/api/project", { headers, data: { title: "Boiler at Quayside 4", type: type.id } });
  expect(project.status()).toBe(201);
  await request.post("/api/api/customer", { headers, data: { name: "Quinn Quayle" } });
  await input.fill("qua");
  await expect(page.getByRole("button", { name: "Quinn Quayle" })).toBeVisible();
  await page.getByRole("button", { name: "Boiler at Quayside 4" }).click();
  await expect(page).toHaveURL(`/project/${(await project.json()).id}`);
});

test("notifications popover: empty, badge, read and remove", async ({ page, request, baseURL }) => {
  await signedIn(page, request, baseURL!);
  await sidebar(page).getByRole("button", { name: "Notifications" }).click();
  await expect(page.getByText("No new notifications")).toBeVisible();
  await page.keyboard.press("Escape");

  // No endpoint creates notifications yet, so the list is served by the test.
  const items = Array.from({ length: 11 }, (_, i) => ({
    id: `00000000-0000-4000-8000-${String(i).padStart(12, "0")}`,
    title: `Task ${i} assigned to you`,
    content: "Open it to see the details",
    date: new Date(Date.now() - i * 3_600_000).toISOString(),
    read: false,
    // Links that leave the app (or run script) are shown as plain entries, never followed.
    link: i === 0 ? "/settings/theme" : i === 2 ? "javascript:alert(document.cookie)" : i === 3 ? "//evil.example/phish" : null,
  }));
  const patches: unknown[] = [];
  await page.route("**/api/api/notification", async (route) => {
    if (route.request().method() === "PATCH") {
      patches.push(route.request().postDataJSON());
      return route.fulfill({ status: 204 });
    }
    return route.fulfill({ json: { items } });
  });
  await page.reload();
  const bell = sidebar(page).getByRole("button", { name: "Notifications, 10+ unread" });
  await expect(bell).toContainText("10+");
  await bell.click();
  const popover = page.locator(".mantine-Popover-dropdown");
  await expect(popover).toHaveCSS("width", "360px");
  expect((await popover.boundingBox())!.height).toBeLessThanOrEqual(400);
  await popover.getByRole("button", { name: "Remove notification" }).nth(1).click();
  await expect.poll(() => patches).toContainEqual({ remove: [items[1]!.id] });
  expect(await popover.locator("a[href]").evaluateAll((links) => links.map((link) => link.getAttribute("href")))).toEqual(["/settings/theme"]);
  const before = page.url();
  for (const i of [2, 3]) {
    await popover.getByText(`Task ${i} assigned to you`).click();
    await expect.poll(() => patches).toContainEqual({ read: [items[i]!.id] });
  }
  expect(page.url()).toBe(before);
  await popover.getByText("Task 0 assigned to you").click();
  await expect.poll(() => patches).toContainEqual({ read: [items[0]!.id] });
  await expect(page).toHaveURL("/settings/theme");
});

test("theme: dark mode and scale persist and apply before any script of the app runs", async ({ page, request, baseURL }, testInfo) => {
  await signedIn(page, request, baseURL!);
  await page.getByRole("button", { name: "User menu" }).click();
  await page.getByRole("menuitem", { name: "Theme" }).click();
  await expect(page).toHaveURL("/settings/theme");
  await expect(page.getByRole("radio", { name: "System" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "100%" })).toBeChecked();
  const html = page.locator("html");
  await page.getByText("Dark", { exact: true }).click();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  const bodySize = () => page.evaluate(() => getComputedStyle(document.body).fontSize);
  expect(await bodySize()).toBe("16px");
  await page.getByText("110%", { exact: true }).click();
  await expect.poll(bodySize).toBe("17.6px");

  await page.reload();
  await expect(page.getByRole("heading", { name: "Settings" })).toBeVisible();
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await bodySize()).toBe("17.6px");
  await expect(page.getByRole("radio", { name: "110%" })).toBeChecked();
  await expect(page.getByRole("radio", { name: "Dark" })).toBeChecked();
  await page.goto("/");
  await snapshot(page, testInfo, "desktop-dark");

  // Without the app's JavaScript only the inline <head> scripts run: no flash of the defaults.
  await page.route("**/_next/static/**/*.js", (route) => route.abort());
  await page.goto("/settings/theme");
  await expect(html).toHaveAttribute("data-mantine-color-scheme", "dark");
  expect(await page.evaluate(() => document.documentElement.style.getPropertyValue("--mantine-scale"))).toBe("1.1");
  expect(await bodySize()).toBe("17.6px");
});

test.describe("mobile", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("top bar with menu button and bell; the sidebar slides in over an overlay", async ({ page, request, baseURL }, testInfo) => {
    await signedIn(page, request, baseURL!);
    const nav = sidebar(page);
    const burger = page.getByRole("button", { name: "Open navigation" });
    await expect(burger).toBeVisible();
    await expect(page.getByRole("banner").getByRole("button", { name: "Notifications" })).toBeVisible();
    await expect(nav).not.toBeInViewport();

    await burger.click();
    await expect(nav).toBeInViewport({ ratio: 1 });
    await expect(nav).toHaveCSS("width", "260px");
    await snapshot(page, testInfo, "mobile-open");
    await page.mouse.click(370, 500);
    await expect(nav).not.toBeInViewport();

    await burger.click();
    await expect(nav).toBeInViewport({ ratio: 1 });
    await nav.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Settings" }).click();
    await expect(page).toHaveURL("/settings");
    await expect(nav).not.toBeInViewport();
    await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Olga Owner");
  });
});

test("quick action creates: typed text becomes the new item's name, typing a New … keeps just that one", async ({ page, request, baseURL }) => {
  await signedIn(page, request, baseURL!);
  const input = page.getByRole("textbox", { name: "Quick action" });
  await page.keyboard.press("Control+K");
  // With nothing typed the ways to create are there already.
  for (const name of ["New customer", "New project", "New project type", "New member"]) {
    await expect(page.getByRole("button", { name, exact: true })).toBeVisible();
  }
  await input.fill("Mia Miller");
  await expect(page.getByText("No results found")).toBeVisible();
  await expect(page.getByRole("button", { name: "New project “Mia Miller”" })).toBeVisible();
  await page.getByRole("button", { name: "New customer “Mia Miller”" }).click();
  await expect(page).toHaveURL("/customer/new?name=Mia%20Miller");
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Mia Miller");
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, "Customer Mia Miller has been created");

  // Part of an action's own words offers that action, without a name.
  await page.keyboard.press("Control+K");
  await input.fill("new proj");
  await expect(page.getByRole("button", { name: "New project", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: "New project type", exact: true })).toBeVisible();
  await expect(page.getByRole("button", { name: /New customer/ })).toHaveCount(0);
  await page.getByRole("button", { name: "New project type", exact: true }).click();
  await expect(page).toHaveURL("/project_type/new");
  await expect(page.getByRole("heading", { name: "New project type" })).toBeVisible();

  // Already on the create screen, only the address changes: the name still fills in.
  await page.goto("/customer/new");
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("");
  await page.keyboard.press("Control+K");
  await input.fill("Noah Novak");
  await page.getByRole("button", { name: "New customer “Noah Novak”" }).click();
  await expect(page.getByRole("textbox", { name: "Full name" })).toHaveValue("Noah Novak");

  // A found record comes first: Enter opens it rather than creating another. The name filled in is
  // unsaved input, so leaving the form asks first.
  await page.keyboard.press("Control+K");
  await input.fill("mia");
  await expect(page.getByRole("button", { name: "Mia Miller", exact: true })).toBeVisible();
  await page.keyboard.press("Enter");
  await page.getByRole("dialog", { name: "Unsaved changes" }).getByRole("button", { name: "Discard" }).click();
  await expect(page).toHaveURL(/\/customer\/[0-9a-f-]{36}$/);
});

import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page, type TestInfo } from "@playwright/test";
import { expectToast, logIn, PASSWORD, savedForm, signUpByApi } from "./support";

type Created = { id: string; name: string };

/** A fresh organization whose owner is logged in on the page and in `request` (for quick set-up). */
async function setUp(page: Page, request: APIRequestContext, baseURL: string) {
  const { email } = await signUpByApi(request, baseURL);
  const login = await request.post("/api/api/session", { headers: { origin: baseURL }, data: { email, password: PASSWORD } });
  expect(login.status()).toBe(200);
  const add = async (name: string): Promise<Created> => {
    const res = await request.post("/api/api/location", { headers: { origin: baseURL }, data: { name } });
    expect(res.status()).toBe(201);
    return (await res.json()) as Created;
  };
  await page.goto("/location");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Locations" })).toBeVisible();
  return { add };
}

const rowNames = (page: Page) => page.locator("tbody a[data-row-link]");

async function shot(page: Page, testInfo: TestInfo, name: string) {
  const path = testInfo.outputPath(`${name}.png`);
  await page.screenshot({ path, fullPage: true, animations: "disabled" });
  await testInfo.attach(name, { path, contentType: "image/png" });
}

/** RFC 4180 reading, enough to check what the export wrote. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  const cell = /"((?:[^"]|"")*)"(,|\r\n)/gy;
  let row: string[] = [];
  for (let match = cell.exec(text); match; match = cell.exec(text)) {
    row.push(match[1].replace(/""/g, '"'));
    if (match[2] === "\r\n") {
      rows.push(row);
      row = [];
    }
  }
  expect(cell.lastIndex === 0 || cell.lastIndex === text.length).toBe(true);
  return rows;
}

async function download(page: Page, start: () => Promise<void>) {
  const [file] = await Promise.all([page.waitForEvent("download"), start()]);
  expect(file.suggestedFilename()).toMatch(/^location-\d{4}-\d{2}-\d{2}\.csv$/);
  return parseCsv(fs.readFileSync((await file.path())!, "utf8").replace(/^\uFEFF/, ""));
}

test("create, find, sort, rename and see the history of a location", async ({ page, request, baseURL }, testInfo) => {
  const { add, crumbs } = await test.step("the owner signs up and finds no locations", async () => {
    const { add } = await setUp(page, request, baseURL!);
    await expect(page.getByText("No locations yet")).toBeVisible();
    const crumbs = page.getByRole("navigation", { name: "Breadcrumb" });
    await expect(crumbs).toHaveText("Home>Locations");
    return { add, crumbs };
  });

  const { save } = await test.step("a new location needs a name that is not blank, then is created", async () => {
    await page.getByRole("link", { name: "New location" }).click();
    await expect(page.getByRole("heading", { name: "New location" })).toBeVisible();
    const save = page.getByRole("button", { name: "Save" });
    await expect(save).toBeDisabled();
    await page.getByLabel("Name").fill("   ");
    await save.click();
    await expect(page.locator(".mantine-InputWrapper-error")).toHaveText("Required");
    await expectToast(page, "Invalid input", "Required");
    await page.getByLabel("Name").fill("North Yard");
    await save.click();
    await expectToast(page, "Location North Yard has been created");
    await expect(page).toHaveURL(/\/location\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "North Yard" })).toBeVisible();
    return { save };
  });

  await test.step("three more locations appear in the list", async () => {
    for (const name of ["Alpha", "beta", "Gamma"]) await add(name);
    await crumbs.getByRole("link", { name: "Locations" }).click();
    await expect(rowNames(page)).toHaveCount(4);
    await shot(page, testInfo, "location-list");
  });

  await test.step("search finds a location by part of its name", async () => {
    await page.getByRole("textbox", { name: "Search" }).fill("gam");
    await expect(rowNames(page)).toHaveText(["Gamma"]);
    await expect(page).toHaveURL(/search=gam/);
    await page.getByRole("button", { name: "Clear search" }).click();
    await expect(rowNames(page)).toHaveCount(4);
  });

  await test.step("the list sorts by name, both ways", async () => {
    await page.getByRole("button", { name: /^Sort/ }).click();
    await page.getByRole("radio", { name: "Name" }).check();
    await page.getByRole("radio", { name: "Ascending" }).check();
    await expect(rowNames(page)).toHaveText(["Alpha", "beta", "Gamma", "North Yard"]);
    await expect(page).toHaveURL(/sort=name%3Aasc/);
    await page.getByRole("radio", { name: "Descending" }).check();
    await expect(rowNames(page)).toHaveText(["North Yard", "Gamma", "beta", "Alpha"]);
    await page.keyboard.press("Escape");
  });

  await test.step("a rename can be reset, then saved", async () => {
    await page.getByRole("link", { name: "North Yard" }).click();
    await expect(page.getByRole("heading", { name: "North Yard" })).toBeVisible();
    const reset = page.getByRole("button", { name: "Reset changes" });
    await expect(save).toBeDisabled();
    await expect(reset).toBeDisabled();
    await page.getByLabel("Name").fill("North Yard East");
    await expect(save).toBeEnabled();
    await expect(reset).toBeEnabled();
    await reset.click();
    await expect(page.getByLabel("Name")).toHaveValue("North Yard");
    await expect(save).toBeDisabled();
    await page.getByLabel("Name").fill("North Yard East");
    await save.click();
    await expectToast(page, 'Location "North Yard East" has been updated');
    await expect(save).toBeDisabled();
    await expect(reset).toBeDisabled();
    await expect(page.getByRole("heading", { name: "North Yard East" })).toBeVisible();
    await shot(page, testInfo, "location-detail");
  });

  await test.step("the history shows the creation and the rename", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page).toHaveURL(/\/history$/);
    const entries = page.getByTestId("history-entry");
    await expect(entries).toHaveCount(2);
    await expect(entries.first()).toContainText("Olga Owner updated");
    await expect(entries.first().getByText("North Yard", { exact: true })).toBeVisible();
    await expect(entries.first().getByText("North Yard East", { exact: true })).toBeVisible();
    await expect(entries.last()).toContainText("Olga Owner created");
    await expect(entries.first().locator("time")).toHaveAttribute("title", /\d{4}/);
    await shot(page, testInfo, "location-history");
  });

  await test.step("an unknown tab and an unknown location say so", async () => {
    const id = page.url().split("/").at(-2);
    await page.goto(`/location/${id}/nope`);
    await expect(page.getByText("Content not found")).toBeVisible();
    await page.goto("/location/00000000-0000-4000-8000-000000000000");
    await expect(page.getByRole("heading", { name: "Oops!" })).toBeVisible();
    // At organization level every item is visible, so a 404 is simply not found.
    await expect(page.getByText("Not found", { exact: true })).toBeVisible();
  });
});

test("leaving a form with unsaved input asks first", async ({ page, request, baseURL }, testInfo) => {
  const { add } = await setUp(page, request, baseURL!);
  const south = await add("South");
  const name = page.getByLabel("Name");
  const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
  const onForm = new RegExp(`/location/${south.id}$`);

  await test.step("a breadcrumb link asks first, and Cancel keeps the input", async () => {
    await page.reload();
    await page.getByRole("link", { name: "South" }).click();
    await expect(page.getByRole("heading", { name: "South" })).toBeVisible();
    await name.fill("South Side");
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Locations" }).click();
    await expect(dialog).toBeVisible();
    await expect(dialog).toContainText("Are you sure you want to leave?");
    await shot(page, testInfo, "unsaved-changes-dialog");
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(onForm);
    await expect(name).toHaveValue("South Side");
  });

  await test.step("the browser back button asks too, and Cancel keeps the input", async () => {
    await page.goBack();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(name).toHaveValue("South Side");
    await expect(page).toHaveURL(onForm);
  });

  await test.step("Discard leaves for the History tab", async () => {
    await page.getByRole("tab", { name: "History" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(new RegExp(`/location/${south.id}/history$`));
    await expect(page.getByTestId("history-entry")).toHaveCount(1);
  });

  await test.step("back returns to the form in one step, and the form's Cancel asks too", async () => {
    // No extra history entry was left behind by the guard.
    await page.goBack();
    await expect(page).toHaveURL(onForm);
    await expect(name).toHaveValue("South");
    await name.fill("South Gate");
    await page.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL(/\/location$/);
  });

  await test.step("closing the tab while dirty raises the browser's own unload warning", async () => {
    await page.getByRole("link", { name: "South" }).click();
    await name.fill("South Gate");
    const unload = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    expect((await unload).type()).toBe("beforeunload");
    await (await unload).dismiss();
  });
});

test("quick action, the user menu's keys and Log out ask first when a form has unsaved input", async ({ page, request, baseURL }) => {
  const { add } = await setUp(page, request, baseURL!);
  const south = await add("South");
  const name = page.getByLabel("Name");
  const dialog = page.getByRole("dialog", { name: "Unsaved changes" });
  const quickAction = page.getByRole("textbox", { name: "Quick action" });
  const onForm = new RegExp(`/location/${south.id}$`);
  const editSouth = async () => {
    await page.goto(`/location/${south.id}`);
    await expect(name).toHaveValue("South");
    await name.fill("South Side");
  };
  // Single-key shortcuts work outside inputs: the page's heading takes the focus.
  const leaveInput = () => page.getByRole("heading", { name: "South" }).click();

  await test.step("⌘K then Enter asks first; Cancel stays with the input", async () => {
    await editSouth();
    await page.keyboard.press("ControlOrMeta+K");
    await quickAction.fill("Locations");
    await expect(page.getByRole("button", { name: /^Locations/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(dialog).toBeHidden();
    await expect(page).toHaveURL(onForm);
    await expect(name).toHaveValue("South Side");
  });

  await test.step("⌘K again, and Discard goes", async () => {
    await page.keyboard.press("ControlOrMeta+K");
    await quickAction.fill("Locations");
    await expect(page.getByRole("button", { name: /^Locations/ })).toBeVisible();
    await page.keyboard.press("Enter");
    await expect(dialog).toBeVisible();
    // A click while the dialog is still coming in can be lost; what counts is that Discard leaves.
    await expect(async () => {
      if (await dialog.isVisible()) await dialog.getByRole("button", { name: "Discard" }).click({ timeout: 2_000 });
      await expect(page).toHaveURL(/\/location$/, { timeout: 2_000 });
    }).toPass();
    await expect(page.getByRole("heading", { name: "Locations" })).toBeVisible();
  });

  await test.step("the user menu's keys ask first", async () => {
    await editSouth();
    await leaveInput();
    for (const key of [";", "n", "t"]) {
      await page.keyboard.press(key);
      await expect(dialog, key).toBeVisible();
      await dialog.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(onForm);
    }
    await expect(name).toHaveValue("South Side");
    await page.keyboard.press("n");
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expect(page).toHaveURL("/settings/notifications");
  });

  await test.step("Log out asks first, from the menu and by its key", async () => {
    await editSouth();
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "Log out" }).click();
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Cancel" }).click();
    await expect(name).toHaveValue("South Side");
    await expect(page.getByRole("button", { name: "User menu" })).toBeVisible();
    await leaveInput();
    await page.keyboard.press("q");
    await expect(dialog).toBeVisible();
    await dialog.getByRole("button", { name: "Discard" }).click();
    await expectToast(page, "You have logged out");
    await expect(page.getByRole("button", { name: "Log in" })).toBeVisible();
  });
});

test("status removed shows with a suffix under the removed filter", async ({ page, request, baseURL }, testInfo) => {
  const { add } = await setUp(page, request, baseURL!);
  await add("East");
  await add("West");
  await page.reload();
  await page.getByRole("link", { name: "East" }).click();
  await page.getByRole("combobox", { name: "Status" }).click();
  await page.getByRole("option", { name: "Removed" }).click();
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, 'Location "East" has been updated');

  await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Locations" }).click();
  await expect(rowNames(page)).toHaveText(["West"]);
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("checkbox", { name: "Removed", exact: true }).check();
  await expect(rowNames(page)).toHaveText(["West", "East (removed)"]);
  await expect(page).toHaveURL(/status=active&status=removed/);
  await shot(page, testInfo, "location-list-filtered");
  await page.getByRole("checkbox", { name: "Active", exact: true }).uncheck();
  await expect(rowNames(page)).toHaveText(["East (removed)"]);

  // The URL alone reproduces the view.
  await page.reload();
  await expect(rowNames(page)).toHaveText(["East (removed)"]);
  await page.getByRole("button", { name: "Filters" }).click();
  await page.getByRole("button", { name: "Reset status filter" }).click();
  await expect(rowNames(page)).toHaveText(["West"]);
  await expect(page).not.toHaveURL(/status=/);
});

test("export, export selected, copy link, paging, no results and load failure", async ({ page, context, request, baseURL }, testInfo) => {
  await context.grantPermissions(["clipboard-read", "clipboard-write"]);
  const { add } = await setUp(page, request, baseURL!);
  await add("=HYPERLINK(\"http://evil\")");
  await add('Smith, "Big" Yard');
  await add("Plain");

  await test.step("Export CSV writes every row, with formulas defused and quotes kept", async () => {
    await page.goto("/location?sort=name:asc");
    await expect(rowNames(page)).toHaveCount(3);
    await page.getByRole("button", { name: "More actions" }).click();
    const rows = await download(page, () => page.getByRole("menuitem", { name: "Export CSV" }).click());
    expect(rows[0]).toEqual(["ID", "Name", "Status", "Sharing", "Created", "Updated"]);
    expect(rows.slice(1).map((row) => row[1])).toEqual(["'=HYPERLINK(\"http://evil\")", "Plain", 'Smith, "Big" Yard']);
    expect(rows.slice(1).every((row) => row[2] === "active" && row[3] === "Not shared")).toBe(true);
  });

  await test.step("Export selected writes only the checked rows; select all and clear", async () => {
    await page.getByRole("checkbox", { name: "Select Plain" }).check();
    await page.getByRole("checkbox", { name: 'Select Smith, "Big" Yard' }).check();
    await expect(page.getByText("Selected 2 items")).toBeVisible();
    await shot(page, testInfo, "location-list-selected");
    const selected = await download(page, () => page.getByRole("button", { name: "Export selected" }).click());
    expect(selected.slice(1).map((row) => row[1])).toEqual(["Plain", 'Smith, "Big" Yard']);
    await page.getByRole("checkbox", { name: "Select all" }).check();
    await expect(page.getByText("Selected 3 items")).toBeVisible();
    await page.getByRole("button", { name: "Clear selection" }).click();
    await expect(page.getByText(/Selected \d+ items/)).toBeHidden();
  });

  await test.step("Copy link puts the list's address on the clipboard", async () => {
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Copy link" }).click();
    await expectToast(page, "Link copied to clipboard");
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(page.url());
  });

  await test.step("pages of two rows", async () => {
    await page.goto("/location?sort=name:asc&limit=2");
    await expect(rowNames(page)).toHaveCount(2);
    await expect(page.getByText("Showing 1–2")).toBeVisible();
    const firstPage = await rowNames(page).allTextContents();
    // Next reads on from where the page ended (the list's cursor), not by counting rows from the top.
    const byCursor = page.waitForRequest((request) => /\/api\/api\/location\?.*after=/.test(request.url()));
    await page.getByRole("button", { name: "Next" }).click();
    expect(new URL((await byCursor).url()).searchParams.has("skip")).toBe(false);
    await expect(rowNames(page)).toHaveText(['Smith, "Big" Yard']);
    await expect(page.getByText("Showing 3–3")).toBeVisible();
    await expect(page.getByRole("button", { name: "Next" })).toBeDisabled();
    await page.getByRole("button", { name: "Previous" }).click();
    await expect(rowNames(page)).toHaveText(firstPage);
    // The page's address names the page (from 0, as the API's page), so a reload or a shared link shows it.
    await page.getByRole("button", { name: "Next" }).click();
    await expect(page).toHaveURL(/page=1/);
    await page.reload();
    await expect(rowNames(page)).toHaveText(['Smith, "Big" Yard']);
    await page.goto(page.url().replace("page=1", "page=0"));
    await expect(rowNames(page)).toHaveText(firstPage);
  });

  await test.step("no results, nothing to export", async () => {
    await page.getByRole("textbox", { name: "Search" }).fill("no such place");
    await expect(page.getByText("No results found")).toBeVisible();
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Export CSV" }).click();
    await expectToast(page, "No items to export");
  });

  await test.step("a failing list says Failed to load data", async () => {
    await page.route(/\/api\/api\/location\?/, (route) =>
      route.fulfill({ status: 500, contentType: "application/json", body: '{"status":500,"message":"Internal server error"}' }),
    );
    await page.getByRole("textbox", { name: "Search" }).fill("anything");
    await expect(page.getByText("Failed to load data")).toBeVisible();
  });
});

test("sharing: per-location levels, and a new default empties them", async ({ page, request, baseURL }, testInfo) => {
  const { add } = await setUp(page, request, baseURL!);
  const main = await add("Main");
  const depot = await add("Depot");
  await page.goto(`/location/${main.id}`);
  const entries = page.getByTestId("sharing-entry");
  const save = page.getByRole("button", { name: "Save" });

  // A location is never offered for sharing with itself.
  await page.getByRole("combobox", { name: "Add location" }).click();
  await expect(page.getByRole("option")).toHaveText(["Depot"]);
  await page.getByRole("option", { name: "Depot" }).click();
  await expect(entries).toHaveCount(1);
  await expect(entries.getByRole("link", { name: "Depot" })).toBeVisible();
  await expect(entries.getByRole("combobox", { name: "Level for this location" })).toHaveValue("View only");
  await save.click();
  await expectToast(page, 'Location "Main" has been updated');
  await shot(page, testInfo, "location-sharing");

  await page.getByRole("combobox", { name: "Default sharing" }).click();
  await page.getByRole("option", { name: "Full access" }).click();
  await expect(entries).toHaveCount(0);
  await expect(page.getByText("Save the new default first")).toBeVisible();
  await save.click();
  await expect(save).toBeDisabled();
  await savedForm(page);

  await page.getByRole("tab", { name: "History" }).click();
  const history = page.getByTestId("history-entry");
  await expect(history).toHaveCount(3);
  await expect(history.nth(0)).toContainText("Full access");
  await expect(history.nth(1).getByRole("link", { name: "Depot" })).toBeVisible();
  await expect(history.nth(1)).toContainText("View only");
  await shot(page, testInfo, "location-sharing-history");

  // A reference that cannot be looked up says so instead of failing the page.
  await page.route(new RegExp(`/api/api/location/${depot.id}$`), (route) =>
    route.fulfill({ status: 404, contentType: "application/json", body: '{"status":404,"message":"Not found","resource":"Location"}' }),
  );
  await page.reload();
  await expect(history.nth(1)).toContainText("Unknown location");
});

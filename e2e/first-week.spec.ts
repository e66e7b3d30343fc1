import { expect, test, type Page } from "@playwright/test";
import { DESKTOP, dragWithMouse, expectToast, logIn, MOBILE, signUpByApi, TINY_PNG, exportCsv } from "./support";

/** Arranges through the API with the page's own session, the way another screen would have made it. */
async function api(page: Page, method: "post" | "patch", path: string, data: object) {
  const origin = new URL(page.url()).origin;
  const res = await page.request[method](`/api/api${path}`, { headers: { origin }, data });
  expect(res.ok(), `${method} ${path}: ${await res.text()}`).toBeTruthy();
  return res.json();
}

async function signUpAndOpen(page: Page, request: Parameters<typeof signUpByApi>[0], baseURL: string, path: string) {
  const { email } = await signUpByApi(request, baseURL);
  await page.goto(path);
  await logIn(page, email);
  await expect(page.getByRole("navigation", { name: "Main navigation" })).toBeVisible();
  return email;
}

const column = (page: Page, status: string) => page.getByRole("region", { name: status });
const card = (page: Page, status: string, title: string) => column(page, status).getByTestId("board-card").filter({ hasText: title });

/** A boiler service whose statuses change only through workflows; scheduling asks for the serial and a comment. */
async function boilerType(page: Page) {
  const type = await api(page, "post", "/project_type", { name: "Boiler service", icon: "flame" });
  await api(page, "patch", `/project_type/${type.id}`, {
    statuses_by_workflow: true,
    statuses: [
      { id: 1, title: "Requested" },
      { id: 2, title: "Scheduled" },
      { id: 3, title: "Done" },
    ],
    fields: [
      { id: 1, title: "Boiler serial", required: false },
      { id: 2, title: "Access code", required: false },
    ],
    workflows: [
      {
        id: 1,
        title: "Schedule visit",
        requirements: [{ type: "status_eq", value: [1] }],
        inputs: [
          { type: "field", fields: [{ id: 1, required: true }, { id: 2, required: false }] },
          { type: "comment", required: false },
        ],
        effects: [{ type: "status_set", value: 2 }],
      },
    ],
  });
  return type.id as string;
}

test("a workflow dialog starts from the project's current field values", async ({ page, request, baseURL }, testInfo) => {
  await signUpAndOpen(page, request, baseURL!, "/project");
  const typeId = await boilerType(page);
  await api(page, "post", "/project", { title: "Boiler at No. 7", type: typeId, fields: [{ id: 1, value: "BX-2041" }, { id: 2, value: "Gate 4411" }] });

  await page.goto(`/dnd?type=${typeId}`);
  await expect(card(page, "Requested", "Boiler at No. 7")).toBeVisible();
  await dragWithMouse(page, card(page, "Requested", "Boiler at No. 7"), column(page, "Scheduled"));
  const dialog = page.getByRole("dialog", { name: "Schedule visit" });
  await expect(dialog.getByRole("textbox", { name: "Boiler serial" })).toHaveValue("BX-2041");
  await expect(dialog.getByRole("textbox", { name: "Access code" })).toHaveValue("Gate 4411");
  await page.screenshot({ path: testInfo.outputPath("workflow-dialog-prefilled.png") });
  await page.screenshot({ path: "/tmp/i33-tidy-workflow-prefilled.png" });
  // The gate has no code any more: emptying the field clears it.
  await dialog.getByRole("textbox", { name: "Access code" }).fill("");
  await dialog.getByRole("button", { name: "Schedule visit" }).click();
  await expectToast(page, 'Project "Boiler at No. 7" has been updated', "Schedule visit");
  await expect(card(page, "Scheduled", "Boiler at No. 7")).toBeVisible();

  const projects = await (await page.request.get(`/api/api/project?type=${typeId}`)).json();
  expect(projects.items[0].fields).toEqual([{ id: 1, value: "BX-2041" }]);
  expect(projects.items[0].status).toBe(2);
});

test("a refused board drop says the card was not moved, and why", async ({ page, request, baseURL }) => {
  await signUpAndOpen(page, request, baseURL!, "/project");
  const typeId = await boilerType(page);
  await api(page, "post", "/project", { title: "Boiler at No. 9", type: typeId });
  await page.goto(`/dnd?type=${typeId}`);
  await expect(card(page, "Requested", "Boiler at No. 9")).toBeVisible();
  // No workflow leads to Done, and this type changes status only through workflows.
  await dragWithMouse(page, card(page, "Requested", "Boiler at No. 9"), column(page, "Done"));
  const toast = page.locator(".mantine-Notification-root").last();
  await expect(toast).toContainText('Not moved to "Done"');
  await expect(toast).toContainText('none you can run now moves this one to "Done"');
  await expect(toast).not.toContainText("Conflict");
  await expect(card(page, "Requested", "Boiler at No. 9")).toBeVisible();
  await page.screenshot({ path: "/tmp/i33-tidy-board-refused.png" });
});

test("the sidebar has one Dashboard: the project board is Board", async ({ page, request, baseURL }) => {
  await signUpAndOpen(page, request, baseURL!, "/");
  const nav = page.getByRole("navigation", { name: "Main navigation" });
  await expect(nav.getByRole("group", { name: "Projects" }).getByRole("link", { name: "Board", exact: true })).toHaveAttribute("href", "/dnd");
  await expect(nav.getByRole("link", { name: "Dashboard", exact: true })).toHaveCount(1);
});

test("a project type's statuses sit on its Statuses and fields tab", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndOpen(page, request, baseURL!, "/project_type");
  const type = await api(page, "post", "/project_type", { name: "Gutters", icon: "flame" });
  await page.goto(`/project_type/${type.id}`);
  await page.getByRole("tab", { name: "Statuses and fields" }).click();
  await expect(page).toHaveURL(`/project_type/${type.id}/fields`);
  await expect(page.getByRole("tab", { name: "Fields", exact: true })).toHaveCount(0);
  await page.screenshot({ path: "/tmp/i33-tidy-type-tabs.png" });
  await page.setViewportSize(MOBILE);
  await page.reload();
  await expect(page.getByRole("tab", { name: "Statuses and fields" })).toHaveAttribute("aria-selected", "true");
  await expect(page.getByRole("button", { name: "Add status" })).toBeVisible();
  await page.screenshot({ path: "/tmp/i33-tidy-type-tabs-390.png" });
});

test("the notification frequencies offer Instantly, not also Every minute, which is the same", async ({ page, request, baseURL }) => {
  await signUpAndOpen(page, request, baseURL!, "/settings/notifications");
  const frequency = page.getByRole("combobox", { name: "Email notifications" });
  await expect(frequency).toHaveValue("Instantly");
  await frequency.click();
  const options = page.getByRole("option");
  await expect(options.first()).toBeVisible();
  await expect(options).toHaveText(["Instantly", "Every 5 minutes", "Every 15 minutes", "Every 60 minutes", "Daily", "Weekly", "Disabled"]);
  await page.screenshot({ path: "/tmp/i33-tidy-frequencies.png" });
});

/** Uploads a small image through the API with the page's session. */
async function uploadPng(page: Page, name: string) {
  const origin = new URL(page.url()).origin;
  const uploaded = await page.request.post("/api/api/file", { headers: { origin }, multipart: { file: { name, mimeType: "image/png", buffer: TINY_PNG } } });
  expect(uploaded.status()).toBe(201);
  return ((await uploaded.json()) as { id: string }).id;
}

test("removing a file says where it goes: out of the list, under the Removed filter", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndOpen(page, request, baseURL!, "/file");
  const id = await uploadPng(page, "boiler-plate.png");
  await page.goto(`/file/${id}`);
  await page.getByRole("button", { name: "Remove file" }).click();
  const dialog = page.getByRole("dialog", { name: "Remove this file?" });
  await expect(dialog).toContainText("Removed filter");
  await expect(dialog).not.toContainText("stays listed as removed");
  await page.screenshot({ path: "/tmp/i33-tidy-remove-dialog.png" });
  await dialog.getByRole("button", { name: "Remove file" }).click();
  await expectToast(page, 'File "boiler-plate.png" has been removed');
  const second = await uploadPng(page, "meter.png");
  const rows = page.locator("tbody a[data-row-link]");
  await page.goto("/file");
  await expect(rows).toHaveText(["meter.png"]);
  await page.goto("/file?removed=true");
  await expect(rows).toHaveText(["boiler-plate.png (removed)"]);
  expect(second).toBeTruthy();
});

test("opening a removed file's download address in the browser shows a page, not JSON", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndOpen(page, request, baseURL!, "/file");
  const id = await uploadPng(page, "boiler-plate.png");
  await api(page, "patch", `/file/${id}`, { removed: true });

  const answer = await page.goto(`/api/api/file/${id}/download`);
  expect(answer?.status()).toBe(410);
  await expect(page.getByRole("heading", { name: "This file has been removed" })).toBeVisible();
  await expect(page.locator("body")).not.toContainText('"status":410');
  await page.screenshot({ path: "/tmp/i33-tidy-removed-download.png" });
  await page.setViewportSize(MOBILE);
  await page.screenshot({ path: "/tmp/i33-tidy-removed-download-390.png" });
  await page.getByRole("link", { name: "Open the file's page" }).click();
  await expect(page).toHaveURL(`/file/${id}`);
  await expect(page.getByRole("region", { name: "File" })).toContainText("File has been removed");
});

test("an import warns about emails repeated in the file before importing, and an export with them goes back in by its ID column", async ({ page, request, baseURL }, testInfo) => {
  await page.setViewportSize(DESKTOP);
  await signUpAndOpen(page, request, baseURL!, "/customer");
  const openImport = async () => {
    await page.getByRole("button", { name: "More actions" }).click();
    await page.getByRole("menuitem", { name: "Import" }).click();
    const dialog = page.getByRole("dialog", { name: "Import customers" });
    await expect(dialog).toBeVisible();
    return dialog;
  };
  const choose = async (name: string, text: string) => {
    await page.getByRole("dialog", { name: "Import customers" }).locator('input[type="file"]').setInputFiles({ name, mimeType: "text/csv", buffer: Buffer.from(text) });
    const mapping = page.getByRole("dialog", { name: "Configure mappings" });
    await expect(mapping.getByRole("status")).toHaveText("All required fields are mapped");
    await mapping.getByRole("button", { name: "Done" }).click();
    await expect(mapping).toBeHidden();
  };

  await test.step("two rows with one email: a warning before the import, which adds both as the form allows", async () => {
    const dialog = await openImport();
    await choose("twins.csv", "Name,Email,City\r\nTwin A,twins@example.test,Leeds\r\nTwin B,TWINS@example.test,York\r\nMia,mia@example.test,Hull\r\n");
    const warning = dialog.getByRole("region", { name: "Repeated emails" });
    await expect(warning).toContainText("twins@example.test is in rows 2 and 3");
    await expect(warning).toContainText("Each row is added as a customer of its own");
    await page.screenshot({ path: "/tmp/i33-tidy-import-repeated.png" });
    await dialog.getByRole("checkbox", { name: "Update customers with the same email" }).check();
    await expect(warning).toContainText("only the first row of each email is imported");
    await dialog.getByRole("checkbox", { name: "Update customers with the same email" }).uncheck();
    await dialog.getByRole("button", { name: "Import" }).click();
    await expectToast(page, "Customers imported", "3 customers were created");
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  });

  await test.step("the export, edited, goes back in with matching by email: its ID column decides which customer each row updates", async () => {
    await expect(page.locator("tbody a[data-row-link]")).toHaveCount(3);
    const file = await exportCsv(page, "customers.csv");
    const exported = (await import("node:fs")).readFileSync(file, "utf8");
    const edited = exported.replace("Leeds", "Bath");
    expect(edited).not.toBe(exported);

    const dialog = await openImport();
    await choose("customers.csv", edited);
    await expect(dialog.getByRole("region", { name: "Repeated emails" })).toContainText("Rows with a customer's ID update that customer");
    await dialog.getByRole("checkbox", { name: "Update customers with the same email" }).check();
    await dialog.getByRole("button", { name: "Import" }).click();
    await expectToast(page, "Customers imported", "1 customer was updated");
    await expect(dialog.getByRole("region", { name: "Import report" })).not.toContainText("customers have this email");
    const customers = (await (await page.request.get("/api/api/customer?sort=name:asc")).json()).items as { name: string; city: string }[];
    expect(customers.map((customer) => [customer.name, customer.city])).toEqual([
      ["Mia", "Hull"],
      ["Twin A", "Bath"],
      ["Twin B", "York"],
    ]);
  });
});

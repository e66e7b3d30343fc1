import fs from "node:fs";
import { expect, test, type APIRequestContext, type Page } from "@playwright/test";
import { xlsxFile, xlsxWithWorkbook, type XlsxCell } from "../test/xlsx";
import { expectToast, logIn, signUpByApi, exportCsv } from "./support";

const CITIES = ["Leeds", "York", "Hull", "Bath"];

/** 200 customers, one with a name to search for, as an Excel file with the customer export's headers. */
function customersXlsx(): Buffer {
  const rows: XlsxCell[][] = [["Name", "Type", "Email", "Phone", "City"]];
  for (let i = 1; i <= 200; i += 1) {
    const name = i === 137 ? "Zelda Quartermain" : `Customer ${String(i).padStart(3, "0")}`;
    rows.push([name, i % 10 === 0 ? "organization" : "individual", `customer${i}@example.test`, { inline: `0113 496 ${String(i).padStart(4, "0")}` }, CITIES[i % 4]]);
  }
  return xlsxFile(rows);
}

async function openImport(page: Page) {
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import customers" });
  await expect(dialog).toBeVisible();
  return dialog;
}

/** Chooses the file in the import dialog; every column maps itself, so the mapping dialog is only confirmed. */
async function chooseFile(page: Page, file: { name: string; mimeType: string; buffer: Buffer }) {
  await page.getByRole("dialog", { name: /^Import / }).locator('input[type="file"]').setInputFiles(file);
  const mapping = page.getByRole("dialog", { name: "Configure mappings" });
  await expect(mapping.getByRole("status")).toHaveText("All required fields are mapped");
  await mapping.getByRole("button", { name: "Done" }).click();
  await expect(mapping).toBeHidden();
}

type Customer = Record<string, string | null>;
const COMPARED = ["type", "name", "phone", "email", "line1", "line2", "zip", "city", "state", "country", "status"];

async function customersOf(request: APIRequestContext): Promise<Customer[]> {
  const res = await request.get("/api/api/customer?limit=10000&sort=name:asc");
  expect(res.status()).toBe(200);
  const items = ((await res.json()) as { items: Customer[] }).items;
  return items.map((item) => Object.fromEntries(COMPARED.map((key) => [key, item[key]])));
}

test("import 200 customers from an .xlsx file and find one by search", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByText("No customers yet")).toBeVisible();
  // The file's numbers have no country code: they are read as numbers of the organization's country.
  const session = await (await page.request.get("/api/api/session")).json();
  const country = await page.request.patch(`/api/api/organization/${session.organization.id}`, { headers: { origin: baseURL! }, data: { country: "GB" } });
  expect(country.status()).toBe(200);

  const dialog = await openImport(page);
  await expect(dialog).toContainText("at most 20 MB and 50,000 rows");
  await chooseFile(page, { name: "customers.xlsx", mimeType: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet", buffer: customersXlsx() });
  await expect(dialog.locator("[data-file-mapping]")).toHaveAttribute("data-state", "valid");
  await expect(dialog.locator("[data-file-mapping]")).toContainText("200 rows");

  await dialog.getByRole("button", { name: "Check file" }).click();
  await expect(dialog.getByRole("region", { name: "Import report" })).toContainText("200 customers would be created.");
  expect(await customersOf(page.request)).toHaveLength(0);

  await dialog.getByRole("button", { name: "Import" }).click();
  await expectToast(page, "Customers imported", "200 customers were created");
  await expect(dialog.getByRole("region", { name: "Import report" })).toContainText("200 customers were created.");
  await dialog.getByRole("button", { name: "Close" }).click();
  await expect(dialog).toBeHidden();

  await page.getByRole("textbox", { name: "Search" }).fill("quartermain");
  await expect(page.locator("tbody a[data-row-link]")).toHaveText(["Zelda Quartermain"]);
  const all = await customersOf(page.request);
  expect(all).toHaveLength(200);
  expect(all.find((customer) => customer.name === "Zelda Quartermain")).toMatchObject({ email: "customer137@example.test", phone: "+441134960137", city: "York" });
});

const XLSX_TYPE = "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet";

test("a spreadsheet's error cells show in the preview and the report, and a broken workbook says what is wrong", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  const dialog = await openImport(page);
  const fileInput = dialog.locator('input[type="file"]');

  await fileInput.setInputFiles({ name: "chart.xlsx", mimeType: XLSX_TYPE, buffer: xlsxWithWorkbook('<sheet name="Chart 1" sheetId="1" r:id="rId7"/><sheet name="Data" sheetId="2" r:id="rId1"/>') });
  await expectToast(page, "The first sheet, \"Chart 1\", is not a worksheet or is missing. Available sheets: Chart 1, Data");
  await expect(page.getByRole("dialog", { name: "Configure mappings" })).toBeHidden();

  const rows: XlsxCell[][] = [["Name", "Email"], ["Mia Miller", { error: "#N/A" }], ["Noah Smith", "noah@example.test"]];
  await fileInput.setInputFiles({ name: "customers.xlsx", mimeType: XLSX_TYPE, buffer: xlsxFile(rows) });
  const mapping = page.getByRole("dialog", { name: "Configure mappings" });
  const errorCell = mapping.getByRole("table", { name: "File preview" }).locator("[data-error-cell]");
  await expect(errorCell).toHaveText("#N/A");
  await expect(errorCell).toHaveAttribute("title", "The cell holds the spreadsheet error #N/A");
  expect(await errorCell.evaluate((element) => getComputedStyle(element).color)).toMatch(/^rgb\((2[0-5]\d|1\d\d), \d{1,2}, \d{1,2}\)$/);
  await mapping.screenshot({ path: testInfo.outputPath("error-cell-preview.png") });
  await mapping.getByRole("button", { name: "Done" }).click();

  await dialog.getByRole("button", { name: "Check file" }).click();
  const report = dialog.getByRole("region", { name: "Import report" });
  await expect(report).toContainText("1 row of 2 has errors.");
  const errorsTable = report.getByRole("table", { name: "Import errors" });
  await expect(errorsTable.locator("tbody tr")).toHaveCount(1);
  await expect(errorsTable.locator("tbody tr")).toContainText("#N/A");
  await expect(errorsTable.locator("tbody tr")).toContainText("The cell holds the spreadsheet error #N/A");
});

test("export customers and re-import the file into a fresh organization with the same rows", async ({ page, request, baseURL, browser }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByText("No customers yet")).toBeVisible();
  const headers = { origin: baseURL! };
  const made = [
    { type: "organization", name: "Oak Housing, Ltd", phone: "+44 113 496 0000", email: "office@oak.test", line1: '"The Yard", Unit 4', line2: "Kirkstall Road", zip: "LS3 1AB", city: "Leeds", state: "West Yorkshire", country: "United Kingdom" },
    { type: "individual", name: "Mia Miller", state: "=1+1", email: "mia@example.test", line1: "12 Long Lane\nBack door", city: "York" },
    { type: "individual", name: "Ünal Öztürk", zip: "-0042", country: "Türkiye" },
    { type: "individual", name: "Noah Smith" },
  ];
  for (const data of made) expect((await page.request.post("/api/api/customer", { headers, data })).status()).toBe(201);
  await page.reload();
  await expect(page.locator("tbody a[data-row-link]")).toHaveCount(4);

  await page.getByRole("button", { name: "More actions" }).click();
  const downloading = page.waitForEvent("download");
  await page.getByRole("menuitem", { name: "Export CSV" }).click();
  const download = await downloading;
  const file = testInfo.outputPath("customers.csv");
  await download.saveAs(file);

  // A fresh organization in a browser of its own imports the file as it is.
  const other = await browser.newContext();
  const otherPage = await other.newPage();
  const second = await signUpByApi(other.request, baseURL!, "Second Org");
  await otherPage.goto("/customer");
  await logIn(otherPage, second.email);
  await expect(otherPage.getByText("No customers yet")).toBeVisible();
  const dialog = await openImport(otherPage);
  await chooseFile(otherPage, { name: "customers.csv", mimeType: "text/csv", buffer: fs.readFileSync(file) });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expectToast(otherPage, "Customers imported", "4 customers were created");

  const original = await customersOf(page.request);
  expect(original).toHaveLength(4);
  expect(await customersOf(otherPage.request)).toEqual(original);
  await other.close();
});

test("import projects from a CSV on the project list: a bad row imports nothing, skipping it imports the rest", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  const headers = { origin: baseURL! };
  await request.post("/api/api/session", { headers, data: { email, password: "correct horse battery" } });
  const type = await (await request.post("/api/api/project_type", { headers, data: { name: "Boiler service", icon: "flame" } })).json();
  const patched = await request.patch(`/api/api/project_type/${type.id}`, {
    headers,
    data: { statuses: [{ id: 1, title: "Requested" }, { id: 2, title: "Scheduled" }], fields: [{ id: 1, title: "Serial number", required: true, validation: "^[A-Z]{2}\\d{4}$" }] },
  });
  expect(patched.status()).toBe(200);
  const csv = [
    "Title,Type,Status,Fields",
    "Boiler at No. 7,Boiler service,Scheduled,1=AB1234",
    "Boiler at No. 9,Boiler service,Requested,1=bad",
    "Boiler at No. 11,Boiler service,,1=CD5678",
  ].join("\r\n");

  await page.goto("/project");
  await logIn(page, email);
  await expect(page.getByText("No projects yet")).toBeVisible();
  await page.getByRole("button", { name: "More actions" }).click();
  await page.getByRole("menuitem", { name: "Import" }).click();
  const dialog = page.getByRole("dialog", { name: "Import projects" });
  await chooseFile(page, { name: "projects.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });

  // The refused import answers 422 (scripts must not read it as success); the dialog still shows its report.
  const refused = page.waitForResponse((res) => res.url().includes("/api/api/project/import"));
  await dialog.getByRole("button", { name: "Import" }).click();
  expect((await refused).status()).toBe(422);
  const report = dialog.getByRole("region", { name: "Import report" });
  await expect(report).toContainText("Nothing was imported");
  await expect(report).toContainText("1 row of 3 has errors.");
  await expect(report).toContainText("Serial number does not have the expected format");
  await expect(page.getByText("No projects yet")).toBeVisible();

  // On a low screen the mapping's preview scrolls; Skip invalid rows and Done stay in view.
  await page.setViewportSize({ width: 1280, height: 480 });
  await dialog.getByRole("button", { name: "Configure mappings" }).click();
  const mapping = page.getByRole("dialog", { name: "Configure mappings" });
  await expect(mapping.getByRole("button", { name: "Done" })).toBeInViewport({ ratio: 1 });
  await expect(mapping.getByRole("checkbox", { name: "Skip invalid rows" })).toBeInViewport();
  await mapping.getByRole("checkbox", { name: "Skip invalid rows" }).check();
  await mapping.getByRole("button", { name: "Done" }).click();
  await page.setViewportSize({ width: 1280, height: 800 });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(report).toContainText("2 projects were created; 1 row with errors was skipped.");
  await dialog.getByRole("button", { name: "Close" }).click();
  // Rows written in one transaction share their creation time, so compare them as a set.
  // The closed dialog stays in the page, hidden, for a second (spec §9): read the list itself.
  const list = page.getByRole("main");
  await expect.poll(async () => (await list.locator("tbody a[data-row-link]").allTextContents()).sort()).toEqual(["Boiler at No. 11", "Boiler at No. 7"]);
  const scheduled = list.locator("tbody tr", { hasText: "Boiler at No. 7" });
  await expect(scheduled).toContainText("Scheduled");
});

test("a file from elsewhere arrives mapped, cut-off chips show their label, and closing asks before the mapping is lost", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByText("No customers yet")).toBeVisible();

  // Without a file, a click outside closes the dialog at once.
  let dialog = await openImport(page);
  await page.mouse.click(8, 8);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("dialog", { name: "Discard the mapping?" })).toHaveCount(0);

  const csv = [
    "Full Name,E-mail,Phone Number,Kundennummer,Comments from the previous system",
    "Mia Miller,mia@example.test,0113 496 0000,K-1,Prefers to be called in the morning before the workshop opens",
    "Noah Smith,noah@example.test,0113 496 0001,K-2,",
  ].join("\r\n");
  dialog = await openImport(page);
  await dialog.locator('input[type="file"]').setInputFiles({ name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from(csv) });
  const mapping = page.getByRole("dialog", { name: "Configure mappings" });
  const column = (name: string) => mapping.getByRole("group", { name: `Fields mapped to ${name}` }).locator("[data-field]");
  await expect(column("Full Name")).toHaveText(["Name"]);
  await expect(column("E-mail")).toHaveText(["Email"]);
  await expect(column("Phone Number")).toHaveText(["Phone"]);
  await expect(column("Kundennummer")).toHaveCount(0);
  await expect(mapping.getByRole("status")).toHaveText("All required fields are mapped");

  // A chip that fits shows no tooltip of its label.
  const palette = mapping.getByRole("group", { name: "Fields", exact: true });
  await palette.locator('[data-field="city"]').hover();
  await expect(page.getByRole("tooltip")).toHaveCount(0);

  // No label of today's fields is long enough to be cut off at any screen width: narrow boxes stand in for longer labels.
  await palette.evaluate((element) => (element.style.width = "110px"));
  const zip = palette.locator('[data-field="zip"]');
  await expect.poll(() => zip.locator("[data-cut-off-text]").evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await zip.hover();
  await expect(page.getByRole("tooltip")).toHaveText("ZIP / postcode");
  await zip.click();
  await expect(page.getByRole("menu")).toContainText("Map ZIP / postcode to");
  await page.getByRole("menuitem", { name: "Kundennummer" }).click();
  await expect(column("Kundennummer")).toHaveText(["ZIP / postcode"]);
  await mapping.getByRole("group", { name: "Fields mapped to Kundennummer" }).evaluate((element) => (element.style.width = "90px"));
  const mappedZip = column("Kundennummer");
  await expect.poll(() => mappedZip.locator("[data-cut-off-text]").evaluate((element) => element.scrollWidth > element.clientWidth)).toBe(true);
  await mappedZip.hover();
  await expect(page.getByRole("tooltip")).toHaveText("ZIP / postcode");
  const shot = testInfo.outputPath("import-mapping.png");
  await page.screenshot({ path: shot });
  await testInfo.attach("import-mapping", { path: shot, contentType: "image/png" });
  await mapping.getByRole("button", { name: "Done" }).click();
  await expect(mapping).toBeHidden();
  const control = dialog.locator("[data-file-mapping]");
  await expect(control).toContainText("2 rows · 4 of 12 fields mapped");

  // With a mapping, a click outside asks; Keep editing keeps it.
  await page.mouse.click(8, 8);
  const confirm = page.getByRole("dialog", { name: "Discard the mapping?" });
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveCSS("opacity", "1");
  const confirmShot = testInfo.outputPath("import-discard.png");
  await page.screenshot({ path: confirmShot });
  await testInfo.attach("import-discard", { path: confirmShot, contentType: "image/png" });
  await confirm.getByRole("button", { name: "Keep editing" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await expect(control).toContainText("contacts.csv");
  await expect(control).toContainText("4 of 12 fields mapped");

  // Escape asks too; Discard closes the dialog and drops the file.
  await page.keyboard.press("Escape");
  await expect(confirm).toBeVisible();
  await expect(confirm).toHaveCSS("opacity", "1");
  await confirm.getByRole("button", { name: "Discard" }).click();
  await expect(dialog).toBeHidden();
  await expect(page.getByText("No customers yet")).toBeVisible();
});

test("Escape asks again however soon after Keep editing, and the question stays until it is answered", async ({ page, request, baseURL }) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByText("No customers yet")).toBeVisible();
  const dialog = await openImport(page);
  await chooseFile(page, { name: "contacts.csv", mimeType: "text/csv", buffer: Buffer.from("Name,Email\r\nMia Miller,mia@example.test") });
  const confirm = page.getByRole("dialog", { name: "Discard the mapping?" });
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCSS("opacity", "1");

  // At once: the question is still leaving (or waiting hidden) when it is asked again.
  await confirm.getByRole("button", { name: "Keep editing" }).click();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCSS("opacity", "1");
  await expect(confirm.getByRole("button", { name: "Keep editing" })).toBeFocused();

  // Once it has gone out of sight.
  await confirm.getByRole("button", { name: "Keep editing" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeVisible();
  await page.keyboard.press("Escape");
  await expect(confirm).toHaveCSS("opacity", "1");
  await confirm.getByRole("button", { name: "Discard" }).click();
  await expect(confirm).toBeHidden();
  await expect(dialog).toBeHidden();
});

test("re-importing an exported customer list counts the rows that did not change", async ({ page, request, baseURL }, testInfo) => {
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByText("No customers yet")).toBeVisible();
  const headers = { origin: baseURL! };
  const ids: string[] = [];
  for (const name of ["Mia Miller", "Noah Smith", "Oak Housing"]) {
    const res = await page.request.post("/api/api/customer", { headers, data: { name, email: `${name.split(" ")[0].toLowerCase()}@example.test`, city: "Leeds" } });
    expect(res.status()).toBe(201);
    ids.push((await res.json()).id);
  }
  await page.reload();
  await expect(page.locator("tbody a[data-row-link]")).toHaveCount(3);
  const file = await exportCsv(page, "customers.csv");
  // One customer moves after the export: the file now changes that one only.
  expect((await page.request.patch(`/api/api/customer/${ids[2]}`, { headers, data: { city: "York" } })).status()).toBe(200);

  const dialog = await openImport(page);
  await chooseFile(page, { name: "customers.csv", mimeType: "text/csv", buffer: fs.readFileSync(file) });
  await dialog.getByRole("checkbox", { name: "Update customers with the same email" }).check();
  const report = dialog.getByRole("region", { name: "Import report" });
  await dialog.getByRole("button", { name: "Check file" }).click();
  await expect(report).toContainText("1 customer would be updated, 2 rows would be unchanged.");
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(report).toContainText("Import of customers finished");
  await expect(report).toContainText("1 customer was updated, 2 rows were unchanged.");
  await expectToast(page, "Customers imported", "1 customer was updated, 2 rows were unchanged");
  const shot = testInfo.outputPath("import-unchanged.png");
  await page.screenshot({ path: shot });
  await testInfo.attach("import-unchanged", { path: shot, contentType: "image/png" });
  const oak = await (await page.request.get(`/api/api/customer/${ids[2]}`)).json();
  expect(oak.city).toBe("Leeds");

  // The same file once more: every row is unchanged. Once imported, the dialog closes without asking.
  await dialog.getByRole("button", { name: "Clear file" }).click();
  await chooseFile(page, { name: "customers.csv", mimeType: "text/csv", buffer: fs.readFileSync(file) });
  await dialog.getByRole("button", { name: "Import" }).click();
  await expect(report).toContainText("3 rows were unchanged.");
  await page.mouse.click(8, 8);
  await expect(dialog).toBeHidden();
  await expect(page.getByRole("dialog", { name: "Discard the mapping?" })).toHaveCount(0);
});

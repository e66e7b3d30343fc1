import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { DESKTOP, MOBILE, expectToast, exportCsv, logIn, shoot, signUpByApi } from "./support";

const fieldRow = (page: Page, index: number) => page.getByTestId("field-row").nth(index);

/** Adds a field in the type's field editor: its title and kind, then whatever its kind asks. */
async function addField(page: Page, title: string, kind: string, settings: (row: Locator) => Promise<void> = async () => {}) {
  await page.getByRole("button", { name: "Add field" }).click();
  const row = page.getByTestId("field-row").last();
  await row.getByRole("textbox", { name: "Field title" }).fill(title);
  if (kind !== "Text") {
    await row.getByRole("combobox", { name: "Kind" }).click();
    await page.getByRole("option", { name: kind, exact: true }).click();
  }
  await settings(row);
}

async function addOptions(page: Page, row: Locator, labels: string[]) {
  for (const [index, label] of labels.entries()) {
    if (index > 0) await row.getByRole("button", { name: "Add option" }).click();
    await row.getByRole("textbox", { name: `Option ${index + 1}` }).fill(label);
  }
}

/** A day of the current month as the pickers name it ("15 November 2026"), and as stored. */
function dayThisMonth(day: number) {
  const now = new Date();
  const date = new Date(now.getFullYear(), now.getMonth(), day);
  const label = `${day} ${date.toLocaleString("en-GB", { month: "long" })} ${date.getFullYear()}`;
  const iso = `${date.getFullYear()}-${String(date.getMonth() + 1).padStart(2, "0")}-${String(day).padStart(2, "0")}`;
  return { label, iso };
}

test("a project type with a field of each kind: defined in the editor, filled in a project, shown, filtered and sorted", async ({ page, request, baseURL }) => {
  await page.setViewportSize(DESKTOP);
  const { email } = await signUpByApi(request, baseURL!);
  await page.goto("/project_type/new");
  await logIn(page, email);

  await test.step("the field editor offers each kind with its settings", async () => {
    await page.getByRole("textbox", { name: "Title" }).fill("Boiler check");
    await page.getByRole("radio", { name: "Flame" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project type Boiler check has been created");
    await page.getByRole("tab", { name: "Statuses and fields" }).click();

    await addField(page, "Serial", "Text", (row) => row.getByRole("textbox", { name: "Validation" }).fill("[A-Z]{2}\\d{2}"));
    await addField(page, "Pressure", "Number", async (row) => {
      await row.getByRole("textbox", { name: "Minimum" }).fill("0");
      await row.getByRole("textbox", { name: "Maximum" }).fill("10");
      await row.getByRole("textbox", { name: "Decimals" }).fill("1");
      await row.getByRole("textbox", { name: "Unit" }).fill("bar");
    });
    await addField(page, "Due", "Date");
    await addField(page, "Visit", "Date and time");
    await addField(page, "Size", "Single choice", (row) => addOptions(page, row, ["Small", "Large"]));
    await addField(page, "Parts", "Multiple choice", (row) => addOptions(page, row, ["Valve", "Pump", "Gasket"]));
    await addField(page, "Checked", "Checkbox");
    // A choice's option needs a label, before anything is saved.
    await addField(page, "Colour", "Single choice");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input", "Required");
    await expect(fieldRow(page, 7).getByText("Required", { exact: true }).first()).toBeVisible();
    await fieldRow(page, 7).getByRole("button", { name: "Remove Colour" }).click();
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, 'Project type "Boiler check" has been updated');
    await page.reload();
    await expect(page.getByTestId("field-row")).toHaveCount(7);
    await expect(fieldRow(page, 1).getByRole("combobox", { name: "Kind" })).toHaveValue("Number");
    await expect(fieldRow(page, 1).getByRole("textbox", { name: "Unit" })).toHaveValue("bar");
    await expect(fieldRow(page, 5).getByRole("textbox", { name: "Option 3" })).toHaveValue("Gasket");
    await shoot(page, "typed-field-editor");
  });

  const due = dayThisMonth(12);
  const visit = dayThisMonth(15);

  await test.step("a project is created filling each kind, and bad input names the field", async () => {
    await page.goto("/project/new");
    await page.getByRole("textbox", { name: "Title" }).fill("Boiler at No. 7");
    await page.getByRole("button", { name: "Choose type" }).click();
    await page.getByRole("dialog", { name: "Choose type" }).getByRole("button", { name: "Boiler check" }).click();
    await page.getByRole("textbox", { name: "Serial" }).fill("AB12");
    const pressure = page.getByRole("textbox", { name: "Pressure" });
    await pressure.fill("12");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Invalid input", "Pressure must be at most 10");
    await expect(page.locator("form").getByText("Pressure must be at most 10")).toBeVisible();
    await pressure.fill("2.5");

    await page.getByRole("textbox", { name: "Due" }).click();
    await page.getByRole("button", { name: due.label, exact: true }).click();
    // The due date's calendar closes before the visit's opens: both show the same day's button while it fades.
    await expect(page.locator(".mantine-DateInput-day")).toHaveCount(0);
    await page.getByRole("button", { name: "Visit" }).click();
    await page.getByRole("button", { name: visit.label, exact: true }).click();
    await page.getByRole("spinbutton", { name: "Hours" }).fill("09");
    await page.getByRole("spinbutton", { name: "Minutes" }).fill("30");
    await page.getByRole("button", { name: "Confirm" }).click();

    await page.getByRole("combobox", { name: "Size" }).click();
    await page.getByRole("option", { name: "Large" }).click();
    await page.getByRole("combobox", { name: "Parts" }).click();
    await page.getByRole("option", { name: "Valve" }).click();
    await page.getByRole("option", { name: "Gasket" }).click();
    await page.getByRole("textbox", { name: "Title" }).click();
    await page.getByRole("checkbox", { name: "Checked" }).check();
    await shoot(page, "typed-field-project-new");
    await page.getByRole("button", { name: "Save" }).click();
    await expectToast(page, "Project Boiler at No. 7 has been created");
    await expect(page).toHaveURL(/\/project\/[0-9a-f-]{36}$/);
  });

  await test.step("the record shows each value after a reload; the server holds them typed", async () => {
    await page.reload();
    await expect(page.getByRole("textbox", { name: "Serial" })).toHaveValue("AB12");
    await expect(page.getByRole("textbox", { name: "Pressure" })).toHaveValue("2.5");
    await expect(page.getByRole("combobox", { name: "Size" })).toHaveValue("Large");
    await expect(page.locator("form").getByText("Valve")).toBeVisible();
    await expect(page.locator("form").getByText("Gasket")).toBeVisible();
    await expect(page.getByRole("checkbox", { name: "Checked" })).toBeChecked();
    await expect(page.getByRole("textbox", { name: "Due" })).toHaveValue(/12/);
    // In the page's language and the browser's zone: "Nov 15, 2026, 9:30 AM".
    await expect(page.getByRole("button", { name: "Visit" })).toContainText(/15, \d{4}, 9:30\sAM/);
    const id = page.url().split("/").pop();
    const stored = await (await page.request.get(`/api/api/project/${id}`)).json();
    const instant = new Date(`${visit.iso}T09:30:00`).toISOString();
    expect(stored.fields).toEqual([
      { id: 1, value: "AB12" },
      { id: 2, value: 2.5 },
      { id: 3, value: due.iso },
      { id: 4, value: instant },
      { id: 5, value: 2 },
      { id: 6, value: [1, 3] },
      { id: 7, value: true },
    ]);
    await shoot(page, "typed-field-project-record");
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-entry").first()).toContainText("Pressure: 2.5 bar");
    await expect(page.getByTestId("history-entry").first()).toContainText("Parts: Valve, Gasket");
  });

  await test.step("a workflow asks for a number and compares and sets typed values", async () => {
    const origin = new URL(page.url()).origin;
    const typeId = (await (await page.request.get("/api/api/project_type")).json()).items[0].id as string;
    const measure = {
      id: 1,
      title: "Measure",
      requirements: [{ type: "field_eq", fields: [{ id: 7, value: true }] }],
      inputs: [{ type: "field", fields: [{ id: 2, required: true }] }],
      effects: [{ type: "field_set", fields: [{ id: 5, value: 1 }, { id: 6, value: [2] }] }],
    };
    const res = await page.request.patch(`/api/api/project_type/${typeId}`, { headers: { origin }, data: { workflows: [measure] } });
    expect(res.ok(), await res.text()).toBe(true);
    await page.goto(page.url().replace(/\/history$/, ""));
    await page.getByRole("button", { name: "Measure" }).click();
    const run = page.getByRole("dialog", { name: "Measure" });
    await expect(run.getByRole("textbox", { name: "Pressure" })).toHaveValue("2.5");
    await run.getByRole("textbox", { name: "Pressure" }).fill("11");
    await run.getByRole("button", { name: "Measure" }).click();
    await expect(run.getByText("Pressure must be at most 10")).toBeVisible();
    await page.screenshot({ path: test.info().outputPath("typed-field-workflow-run.png") });
    await run.getByRole("textbox", { name: "Pressure" }).fill("3");
    await run.getByRole("button", { name: "Measure" }).click();
    await expectToast(page, 'Project "Boiler at No. 7" has been updated', "Measure");
    // The dialog and its Pressure input are gone before the record's own is read.
    await expect(run).toBeHidden();
    await expect(page.getByRole("combobox", { name: "Size" })).toHaveValue("Small");
    await expect(page.getByRole("textbox", { name: "Pressure" })).toHaveValue("3");
    await expect(page.locator("form").getByText("Pump")).toBeVisible();

    await page.goto(`/project_type/${typeId}/workflows`);
    await page.getByRole("button", { name: "Edit Measure" }).click();
    const editor = page.getByRole("dialog", { name: 'Workflow "Measure"' });
    await expect(editor.getByRole("checkbox", { name: "Value of Checked" })).toBeChecked();
    await expect(editor.getByRole("combobox", { name: "Value of Size" })).toHaveValue("Small");
    await shoot(page, "typed-field-workflow-editor");
    await page.keyboard.press("Escape");
  });

  await test.step("the list filters on a field and sorts by another once the type is chosen", async () => {
    const origin = new URL(page.url()).origin;
    const typeId = (await (await page.request.get("/api/api/project_type")).json()).items[0].id as string;
    for (const [title, pressure] of [
      ["Boiler at No. 9", 9],
      ["Boiler at No. 3", 0.5],
    ] as const) {
      const res = await page.request.post("/api/api/project", { headers: { origin }, data: { title, type: typeId, fields: [{ id: 1, value: "CD34" }, { id: 2, value: pressure }] } });
      expect(res.ok()).toBe(true);
    }
    await page.goto("/project");
    const titles = page.locator("tbody a[data-row-link]");
    await expect(titles).toHaveCount(3);

    await page.getByRole("button", { name: "Filter" }).click();
    const filters = page.getByRole("dialog", { name: "Filter" });
    await expect(filters.getByRole("combobox", { name: "Custom field" })).toHaveCount(0);
    await filters.getByRole("checkbox", { name: /Boiler check/ }).check();
    await filters.getByRole("combobox", { name: "Custom field" }).click();
    await page.getByRole("option", { name: "Pressure" }).click();
    await filters.getByRole("textbox", { name: "From" }).fill("1");
    await expect(page).toHaveURL(/field=2%3Agte%3A1/);
    await expect(titles).toHaveText(["Boiler at No. 9", "Boiler at No. 7"]);
    await page.screenshot({ path: test.info().outputPath("typed-field-filter-open-desktop.png") });
    await page.setViewportSize(MOBILE);
    await page.screenshot({ path: test.info().outputPath("typed-field-filter-open-mobile.png") });
    await page.setViewportSize(DESKTOP);
    await page.keyboard.press("Escape");
    await shoot(page, "typed-field-list-filtered");

    await page.getByRole("button", { name: /^Sort/ }).click();
    await page.getByRole("radio", { name: "Pressure" }).check();
    await page.getByRole("radio", { name: "Ascending" }).check();
    await expect(page).toHaveURL(/sort=field\.2%3Aasc/);
    await expect(titles).toHaveText(["Boiler at No. 7", "Boiler at No. 9"]);
    await page.screenshot({ path: test.info().outputPath("typed-field-sort-open-desktop.png") });
    await page.keyboard.press("Escape");

    // Without the filter, the sort by value puts 0.5 before 3 before 9 (not as text).
    await page.getByRole("button", { name: "Filter" }).click();
    await page.getByRole("button", { name: "Reset Custom field filter" }).click();
    await expect(titles).toHaveText(["Boiler at No. 3", "Boiler at No. 7", "Boiler at No. 9"]);
    await page.keyboard.press("Escape");

    const file = await exportCsv(page, "typed-fields.csv");
    const csv = fs.readFileSync(file, "utf8");
    expect(csv).toContain(`1=AB12; 2=3; 3=${due.iso}; 4=${new Date(`${visit.iso}T09:30:00`).toISOString()}; 5=1; 6=2; 7=true`);
  });
});

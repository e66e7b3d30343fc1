import { expect, test, type Page } from "@playwright/test";
import { dragWithMouse, expectToast, logIn, signUpByApi } from "./support";

// Headers that name no field, so every mapping is made by hand.
const ARTICLES = [
  "Article no,Name,Notes,Barcode",
  'A-1,Hammer,"Claw, 16 oz",4006381333931',
  "A-2,,No title here,12345",
  'A-3,Saw,"Two lines\nof notes",4006381333932',
  "A-4,Drill,,96385074",
  'A-5,Chisel,,"4006381333931, 96385074"',
  'A-6,Plane,,"96385074, 12345678"',
  "A-7,File,,",
  "A-8,Rasp,,",
  "A-9,Clamp,,",
  "A-10,Vice,,",
  "A-11,Level,,",
].join("\r\n");

const csvFile = (name: string, text: string) => ({ name, mimeType: "text/csv", buffer: Buffer.from(text) });

async function openCsvExample(page: Page, request: Parameters<typeof signUpByApi>[0], baseURL: string) {
  const { email } = await signUpByApi(request, baseURL);
  await page.goto("/csv");
  await logIn(page, email);
  await expect(page.getByRole("heading", { name: "Upload file" })).toBeVisible();
}

test("csv example: drag fields onto columns, see red turn green, submit and read the errors", async ({ page, request, baseURL }, testInfo) => {
  const { control, fileInput } = await test.step("the csv example opens with nothing chosen", async () => {
    await openCsvExample(page, request, baseURL!);
    await expect(page.getByRole("navigation", { name: "Breadcrumb" })).toContainText("Csv example");
    const control = page.locator("[data-file-mapping]");
    const fileInput = page.locator('input[type="file"]');
    await expect(control).toHaveAttribute("data-state", "invalid");
    return { control, fileInput };
  });

  await test.step("with nothing chosen, the hidden required input stops the submit", async () => {
    // Nothing chosen: the hidden required input stops the submit.
    await page.getByRole("button", { name: "Submit" }).click();
    await expect(page.getByRole("region", { name: "Check result" })).toHaveCount(0);
    expect(await page.locator("[data-mapping-input]").evaluate((input: HTMLInputElement) => input.validity.valid)).toBe(false);
  });

  await test.step("a file of the wrong type or without rows is refused with a toast", async () => {
    await fileInput.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("a,b\n1,2\n") });
    await expectToast(page, 'Invalid file type "txt"');
    await expect(page.getByRole("button", { name: "Select file" })).toBeVisible();
    await fileInput.setInputFiles(csvFile("empty.csv", "Article no,Name\r\n"));
    await expectToast(page, "Filed to parse file, not enough rows");
    await expect(page.getByRole("button", { name: "Select file" })).toBeVisible();
  });

  const { dialog, palette, status } = await test.step("a csv file opens the mapping dialog with a preview and the required fields", async () => {
    await fileInput.setInputFiles(csvFile("articles.csv", ARTICLES));
    const dialog = page.getByRole("dialog", { name: "Configure mappings" });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText("This is only a preview of the data, there might be more rows in the original file")).toBeVisible();
    await expect(dialog.locator("tbody tr")).toHaveCount(9);
    const palette = dialog.getByRole("group", { name: "Fields", exact: true });
    await expect(palette.locator("[data-field]")).toHaveText(["ID", "Title", "Description", "EAN"]);
    await expect(palette.locator('[data-field][data-required="true"]')).toHaveText(["ID", "Title"]);
    const status = dialog.getByRole("status");
    await expect(status).toHaveText("Map the required fields: ID, Title");
    await expect(status).toHaveAttribute("data-state", "invalid");
    return { dialog, palette, status };
  });

  await test.step("dragging two chips onto column headers maps the required fields", async () => {
    // Drag two chips onto column headers.
    await dragWithMouse(page, palette.locator('[data-field="id"]'), dialog.getByRole("group", { name: "Fields mapped to Article no" }));
    await expect(status).toHaveText("Map the required field: Title");
    await dragWithMouse(page, palette.locator('[data-field="title"]'), dialog.getByRole("group", { name: "Fields mapped to Name" }));
    await expect(status).toHaveText("All required fields are mapped");
    await expect(status).toHaveAttribute("data-state", "valid");
    await expect(dialog.getByRole("group", { name: "Fields mapped to Article no" }).locator("[data-field]")).toHaveText(["ID"]);
  });

  await test.step("the other fields are mapped from the chip's menu, and two fields may share a column", async () => {
    // Without dragging: pick the column from the chip's menu. Two fields may share a column.
    await palette.locator('[data-field="ean"]').click();
    await page.getByRole("menuitem", { name: "Barcode" }).click();
    await palette.locator('[data-field="description"]').click();
    await page.getByRole("menuitem", { name: "Name" }).click();
    await expect(dialog.getByRole("group", { name: "Fields mapped to Name" }).locator("[data-field]")).toHaveText(["Title", "Description"]);
    await dialog.getByRole("button", { name: "Remove Description from Name" }).click();
    await dragWithMouse(page, palette.locator('[data-field="description"]'), dialog.getByRole("group", { name: "Fields mapped to Notes" }));
    await expect(palette.locator("[data-field]")).toHaveCount(0);
    await expect(dialog.getByRole("group", { name: "Fields mapped to Notes" }).locator("[data-field]")).toHaveText(["Description"]);
    const shot = testInfo.outputPath("mapping-dialog-desktop.png");
    await page.screenshot({ path: shot });
    await testInfo.attach("mapping-dialog-desktop", { path: shot, contentType: "image/png" });
  });

  await test.step("a chip dragged back to the fields is unmapped again; mapped again, the file is ready", async () => {
    // A chip dragged back to the fields is unmapped again.
    await dragWithMouse(page, dialog.getByRole("group", { name: "Fields mapped to Name" }).locator('[data-field="title"]'), palette);
    await expect(status).toHaveText("Map the required field: Title");
    await expect(control).toHaveAttribute("data-state", "invalid");
    await dragWithMouse(page, palette.locator('[data-field="title"]'), dialog.getByRole("group", { name: "Fields mapped to Name" }));
    // The drop lands once its animation ends; Done before that would close the dialog on the old mapping.
    await expect(dialog.getByRole("group", { name: "Fields mapped to Name" }).locator('[data-field="title"]')).toBeVisible();
    await dialog.getByRole("button", { name: "Done" }).click();
    await expect(dialog).toBeHidden();
    await expect(control).toHaveAttribute("data-state", "valid");
    await expect(control).toContainText("articles.csv");
    await expect(control).toContainText("11 rows");
  });

  const { result } = await test.step("submitting reads the rows and lists the errors", async () => {
    await page.getByRole("button", { name: "Submit" }).click();
    const result = page.getByRole("region", { name: "Check result" });
    await expect(result).toContainText("Rows read: 11");
    await expect(result).toContainText("Rows valid: 8");
    const errors = result.getByRole("table", { name: "Import errors" }).locator("tbody tr");
    await expect(errors).toHaveCount(4);
    await expect(errors.nth(0)).toContainText("3Name(empty)requiredTitle is required");
    await expect(errors.nth(1)).toContainText("3Barcode12345invalidout_of_bounds");
    await expect(errors.nth(2)).toContainText("4Barcode4006381333932invalidinvalid_number");
    // EAN takes a list: each bar code between the commas is checked on its own.
    await expect(errors.nth(3)).toContainText("7Barcode96385074, 12345678invalidinvalid_number12345678: The check digit does not match");
    const resultShot = testInfo.outputPath("csv-result.png");
    await page.screenshot({ path: resultShot, fullPage: true });
    await testInfo.attach("csv-result", { path: resultShot, contentType: "image/png" });
    return { result };
  });

  await test.step("the clear button removes the file and the mapping", async () => {
    // The clear button removes the file and the mapping.
    await control.getByRole("button", { name: "Clear file" }).click();
    await expect(page.getByRole("button", { name: "Select file" })).toBeVisible();
    await expect(control).toHaveAttribute("data-state", "invalid");
    await expect(result).toHaveCount(0);
  });
});

test.describe("on a phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("fields are mapped from the chip's menu in a full-screen dialog", async ({ page, request, baseURL }, testInfo) => {
    await openCsvExample(page, request, baseURL!);
    await page.locator('input[type="file"]').setInputFiles(csvFile("articles.csv", ARTICLES));
    const dialog = page.getByRole("dialog", { name: "Configure mappings" });
    await expect(dialog).toBeVisible();
    const palette = dialog.getByRole("group", { name: "Fields", exact: true });
    for (const [field, column] of [["id", "Article no"], ["title", "Name"]]) {
      await palette.locator(`[data-field="${field}"]`).click();
      await page.getByRole("menuitem", { name: column }).click();
    }
    await expect(dialog.getByRole("status")).toHaveText("All required fields are mapped");
    const shot = testInfo.outputPath("mapping-dialog-390.png");
    await page.screenshot({ path: shot });
    await testInfo.attach("mapping-dialog-390", { path: shot, contentType: "image/png" });
    await dialog.getByRole("button", { name: "Done" }).click();
    await page.getByRole("button", { name: "Submit" }).click();
    // Only Title is checked here: the row without one is the only invalid row.
    await expect(page.getByRole("region", { name: "Check result" })).toContainText("Rows valid: 10");
  });
});

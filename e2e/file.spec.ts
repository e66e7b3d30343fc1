import fs from "node:fs";
import { expect, test, type Locator, type Page } from "@playwright/test";
import { closeToasts, expectNoOverflow, expectToast, logIn, signInByApi, signUpByApi, TINY_PNG } from "./support";

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };
const SHOTS = process.env.FILE_SHOTS || "/tmp";

/** A one-page PDF saying `text`, padded by a comment to exactly `size` bytes, so the browser's viewer shows it. */
function pdfOf(text: string, size: number): Buffer {
  const build = (pad: number) => {
    const stream = `BT /F1 24 Tf 40 64 Td (${text}) Tj ET`;
    const objects = [
      "<< /Type /Catalog /Pages 2 0 R >>",
      "<< /Type /Pages /Kids [3 0 R] /Count 1 >>",
      "<< /Type /Page /Parent 2 0 R /MediaBox [0 0 300 144] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>",
      `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
      "<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>",
    ];
    let body = `%PDF-1.4\n%${"x".repeat(pad)}\n`;
    const offsets = objects.map((object, index) => {
      const offset = body.length;
      body += `${index + 1} 0 obj\n${object}\nendobj\n`;
      return offset;
    });
    const xref = body.length;
    body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((offset) => `${String(offset).padStart(10, "0")} 00000 n \n`).join("")}`;
    return `${body}trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  };
  return Buffer.from(build(size - build(0).length));
}

// A PDF of exactly 1000 bytes and a text of 536: together 1536 bytes, which spec §9 reads as 1.5 kb.
const PDF = pdfOf("Quote 1042", 1000);
const TEXT = Buffer.from(`${"Sink 60 cm, tap chrome.\n".repeat(22).padEnd(535, "-")}\n`);

type Dropped = { name: string; type: string; bytes: Buffer };

/** Drops files on the element the way a person's drag from the desktop does: dragenter, dragover, drop carrying the files. */
async function dropFiles(page: Page, target: Locator, files: Dropped[]) {
  const dataTransfer = await page.evaluateHandle(
    (list) => {
      const transfer = new DataTransfer();
      for (const file of list) transfer.items.add(new File([new Uint8Array(file.bytes)], file.name, { type: file.type }));
      return transfer;
    },
    files.map((file) => ({ name: file.name, type: file.type, bytes: [...file.bytes] })),
  );
  for (const type of ["dragenter", "dragover", "drop"]) await target.dispatchEvent(type, { dataTransfer });
}

async function shot(page: Page, name: string) {
  await closeToasts(page);
  const path = `${SHOTS}/file-${name}.png`;
  await page.screenshot({ path, fullPage: true });
  await test.info().attach(name, { path, contentType: "image/png" });
}

/** The size the storage bar's legend gives a category. */
const legendEntry = (page: Page, label: string) =>
  page.getByRole("list", { name: "Storage by category" }).getByRole("listitem").filter({ hasText: label });

test("files: drop three files, see them listed and counted, download one, remove it for good", async ({ page, request, baseURL }) => {
  expect(PDF.length).toBe(1000);
  expect(TEXT.length).toBe(536);
  expect(TINY_PNG.length).toBe(70);

  const rows = page.locator("tbody a[data-row-link]");
  const dropzone = page.getByRole("button", { name: "Upload files" });

  const { email } = await test.step("the owner signs up and opens Files from the sidebar: nothing stored yet", async () => {
    const { email } = await signUpByApi(request, baseURL!);
    await page.setViewportSize(DESKTOP);
    await page.goto("/");
    await logIn(page, email);
    await page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Files" }).click();
    await expect(page).toHaveURL(/\/file$/);
    await expect(page.getByRole("heading", { name: "Files" })).toBeVisible();
    await expect(page.getByTestId("storage-total")).toHaveText("Total 0 Bytes");
    await expect(page.getByText("No files yet")).toBeVisible();
    // No New button: files come from uploads.
    await expect(page.getByRole("link", { name: /New file/ })).toHaveCount(0);
    return { email };
  });

  await test.step("three files of different kinds are dropped at once and listed", async () => {
    await expect(dropzone).toBeVisible();
    await dropFiles(page, dropzone, [
      { name: "tap.png", type: "image/png", bytes: TINY_PNG },
      { name: "quote.pdf", type: "application/pdf", bytes: PDF },
      { name: "measurements.txt", type: "text/plain", bytes: TEXT },
    ]);
    const uploads = page.getByRole("list", { name: "Uploads" });
    await expect(uploads.getByRole("listitem")).toHaveCount(3);
    await expect(uploads.getByText("Uploaded")).toHaveCount(3);
    await expect.poll(async () => (await rows.allTextContents()).sort()).toEqual(["measurements.txt", "quote.pdf", "tap.png"]);
    const pdfRow = page.locator("tbody tr").filter({ has: page.getByRole("link", { name: "quote.pdf" }) });
    await expect(pdfRow).toContainText("Document");
    await expect(pdfRow).toContainText("1000 Bytes");
    // The image shows itself as its thumbnail, loaded from the server.
    const thumb = page.locator("tbody tr").filter({ has: page.getByRole("link", { name: "tap.png" }) }).locator("img");
    await expect.poll(() => thumb.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBe(1);
  });

  await test.step("the storage bar counts each category: the image alone, the two documents together", async () => {
    await expect(page.getByTestId("storage-total")).toHaveText("Total 1.57 kb");
    await expect(legendEntry(page, "Images")).toContainText("70 Bytes");
    await expect(legendEntry(page, "Documents")).toContainText("1.5 kb");
    await expect(legendEntry(page, "Videos")).toContainText("0 Bytes");
    await expect(page.getByRole("list", { name: "Storage by category" }).getByRole("listitem")).toHaveText([
      /^Documents/,
      /^Images/,
      /^Videos/,
      /^Other/,
    ]);
  });

  await test.step("chosen from the keyboard, an empty file is refused with the server's reason beside it, and nothing is added", async () => {
    const choosing = page.waitForEvent("filechooser");
    await dropzone.focus();
    await page.keyboard.press("Enter");
    const chooser = await choosing;
    expect(chooser.isMultiple()).toBe(true);
    await chooser.setFiles({ name: "empty.txt", mimeType: "text/plain", buffer: Buffer.alloc(0) });
    const refused = page.getByRole("list", { name: "Uploads" }).getByRole("listitem", { name: "empty.txt" });
    await expect(refused).toContainText("The file is empty");
    await expect(rows).toHaveCount(3);
    await shot(page, "uploads-desktop");
    await page.getByRole("button", { name: "Clear finished uploads" }).click();
    await expect(page.getByRole("list", { name: "Uploads" })).toHaveCount(0);
    await shot(page, "list-desktop");
  });

  await test.step("the PDF's details: title, type, size, a preview, nowhere used, and a download with its name and bytes", async () => {
    await rows.filter({ hasText: "quote.pdf" }).click();
    await expect(page).toHaveURL(/\/file\/[0-9a-f-]{36}$/);
    await expect(page.getByRole("heading", { name: "quote.pdf", level: 2 })).toBeVisible();
    const details = page.getByRole("region", { name: "File" });
    await expect(details.locator("dt")).toHaveText(["Title", "Filetype", "Size", "Content"]);
    await expect(details.locator("dd")).toHaveText(["quote.pdf", "application/pdf", "1000 Bytes", "Download"]);
    await expect(page.locator('iframe[title="Preview of quote.pdf"]')).toBeVisible();
    await expect(page.getByRole("region", { name: "Used in" })).toContainText("Not used anywhere");
    await shot(page, "detail-desktop");

    const downloading = page.waitForEvent("download");
    await details.getByRole("link", { name: "Download" }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe("quote.pdf");
    expect(fs.readFileSync((await download.path())!).equals(PDF)).toBe(true);
  });

  await test.step("the owner removes the PDF after a warning that its content goes for good", async () => {
    await page.getByRole("button", { name: "Remove file" }).click();
    const dialog = page.getByRole("dialog", { name: "Remove this file?" });
    await expect(dialog).toContainText("deleted for good");
    await dialog.getByRole("button", { name: "Remove file" }).click();
    await expectToast(page, 'File "quote.pdf" has been removed');
    await expect(dialog).toBeHidden();
    const details = page.getByRole("region", { name: "File" });
    await expect(details).toContainText("File has been removed");
    await expect(details.getByRole("link", { name: "Download" })).toHaveCount(0);
    await expect(page.locator("iframe")).toHaveCount(0);
    await expect(page.getByRole("button", { name: "Remove file" })).toHaveCount(0);
    await expect(page.locator(".mantine-Badge-root", { hasText: "removed" })).toBeVisible();
    await shot(page, "detail-removed-desktop");
    await page.getByRole("tab", { name: "History" }).click();
    await expect(page.getByTestId("history-entry")).toHaveCount(2);
    await expect(page.getByTestId("history-entry").first()).toContainText("Removed");
  });

  await test.step("the list leaves it out by default, the Removed filter shows it, and the bar no longer counts it", async () => {
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Files" }).click();
    await expect.poll(async () => (await rows.allTextContents()).sort()).toEqual(["measurements.txt", "tap.png"]);
    await expect(legendEntry(page, "Documents")).toContainText("536 Bytes");
    await expect(page.getByTestId("storage-total")).toHaveText("Total 606 Bytes");
    await page.getByRole("button", { name: "Filters" }).click();
    await page.getByRole("dialog", { name: "Filters" }).getByRole("radio", { name: "Removed" }).check();
    await expect(rows).toHaveText(["quote.pdf (removed)"]);
    await expect(page).toHaveURL(/removed=true/);
    await page.keyboard.press("Escape");
  });

  await test.step("at 390 px the bar, the drop area and the list fit the screen", async () => {
    await page.setViewportSize(PHONE);
    await page.goto("/file");
    await expect(rows).toHaveCount(2);
    await expect(legendEntry(page, "Images")).toBeVisible();
    await expectNoOverflow(page);
    for (const part of [page.getByRole("region", { name: "Storage" }), dropzone]) {
      const box = (await part.boundingBox())!;
      expect(box.x).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(PHONE.width);
    }
    await shot(page, "list-390");
  });

  await test.step("once the image is the organization's logo, its page says where it is used", async () => {
    const headers = await signInByApi(request, baseURL!, email);
    const session = (await (await request.get("/api/api/session")).json()) as { organization: { id: string } };
    const href = (await rows.filter({ hasText: "tap.png" }).getAttribute("href"))!;
    const saved = await request.patch(`/api/api/organization/${session.organization.id}`, { headers, data: { image: href.split("/").pop() } });
    expect(saved.ok()).toBe(true);
    await rows.filter({ hasText: "tap.png" }).click();
    await expect(page.getByRole("img", { name: "Preview of tap.png" })).toBeVisible();
    const used = page.getByRole("region", { name: "Used in" });
    await expect(used.getByRole("link", { name: "Acme Plumbing" })).toHaveAttribute("href", "/organization");
    await expect(used).toContainText("Organization logo");
    await shot(page, "detail-image-390");
  });
});

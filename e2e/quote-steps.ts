import { expect, type APIRequestContext, type Browser, type Locator, type Page } from "@playwright/test";
import { DESKTOP, expectToast, hydrated, logIn, mailTo, MOBILE, ownerApi, signUpByApi } from "./support";

/**
 * The steps of a quote's journey the browser tests share: the office's editor (start,
 * fill from the price book, send) and the customer's page on a phone (sign).
 */

/** Opens "New quote" on the customer's record, gives the title and saves: answers the new quote's id. */
export async function startQuote(page: Page, customer: { id: string; name: string }, title: string) {
  await page.goto(`/customer/${customer.id}`);
  await hydrated(page);
  const card = page.getByRole("region", { name: "Quotes" });
  await expect(card).toContainText("No quotes for this customer yet");
  await card.getByRole("link", { name: "New quote" }).click();
  await expect(page).toHaveURL(/\/quote\/new\?customer=/);
  await expect(page.getByText(customer.name)).toBeVisible();
  await page.getByRole("textbox", { name: "Title" }).fill(title);
  await page.getByRole("button", { name: "Save" }).click();
  await expectToast(page, `Quote ${title} has been created`);
  await expect(page).toHaveURL(/\/quote\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("quote-status")).toHaveText("Draft");
  return page.url().split("/").pop()!;
}

/** Ticks price items in the price book's picker of a section and confirms. */
export async function addFromBook(page: Page, section: string, names: string[]) {
  await page.getByRole("region", { name: section }).getByRole("button", { name: "Add from price book" }).click();
  const dialog = page.getByRole("dialog", { name: "Add from price book" });
  for (const name of names) await dialog.getByRole("checkbox", { name }).check();
  await dialog.getByRole("button", { name: "Confirm" }).click();
  await expect(dialog).toBeHidden();
}

/** The editor's totals of an option ("Totals: Premium"; "Totals: Totals" while the only option has no name of its own). */
export const optionTotals = (page: Page, option: string) => page.getByRole("region", { name: `Totals: ${option}` });

/** Picks an entry of a select (a combobox): by its label on the page, or the given one (a line's "Tax rate"). */
export async function choose(page: Page, field: string | Locator, option: string) {
  await (typeof field === "string" ? page.getByRole("combobox", { name: field, exact: true }) : field).click();
  await page.getByRole("option", { name: option, exact: true }).click();
}

/** Sends the quote by email from its Send dialog, to the customer's own address: it is then Sent and numbered. */
export async function sendByEmail(page: Page, customer: string) {
  await page.getByRole("button", { name: "Send" }).click();
  const send = page.getByRole("dialog", { name: "Send quote" });
  await expect(send).toContainText(`The quote goes to ${customer}`);
  await expect(send.getByRole("radio", { name: "Email" })).toBeChecked();
  await send.getByRole("button", { name: "Send" }).click();
  await expectToast(page, `The quote has been sent to ${customer}`);
  await expect(send).toBeHidden();
  await expect(page.getByTestId("quote-status")).toHaveText("Sent");
  await expect(page.getByTestId("quote-number")).toHaveText(/^Q-\d{4}-\d{4}$/);
  return (await page.getByTestId("quote-number").textContent())!;
}

type MimePart = { type: string; filename: string | null; body: Buffer };

const headerOf = (head: string, name: string) => new RegExp(`^${name}:[ \\t]*((?:.*)(?:\\r?\\n[ \\t].*)*)`, "im").exec(head)?.[1].replace(/\r?\n[ \t]+/g, " ").trim() ?? "";
const paramOf = (value: string, name: string) => new RegExp(`${name}\\*?=(?:"([^"]*)"|([^;\\s]*))`, "i").exec(value)?.slice(1).find((found) => found !== undefined) ?? null;

/** The leaves of a raw MIME message: each part's type, file name and decoded bytes. */
export function mimeParts(raw: string): MimePart[] {
  const at = raw.search(/\r?\n\r?\n/);
  const head = raw.slice(0, at);
  const body = raw.slice(at).replace(/^\r?\n\r?\n/, "");
  const type = headerOf(head, "Content-Type") || "text/plain";
  if (/^multipart\//i.test(type)) {
    const boundary = paramOf(type, "boundary")!;
    const pieces = body.split(`--${boundary}`).slice(1);
    return pieces.filter((piece) => !piece.startsWith("--")).flatMap((piece) => mimeParts(piece.replace(/^\r?\n/, "")));
  }
  const encoding = headerOf(head, "Content-Transfer-Encoding").toLowerCase();
  const bytes =
    encoding === "base64"
      ? Buffer.from(body.replace(/\s+/g, ""), "base64")
      : encoding === "quoted-printable"
        ? Buffer.from(body.replace(/=\r?\n/g, "").replace(/=([0-9A-F]{2})/gi, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))), "latin1")
        : Buffer.from(body);
  const filename = paramOf(headerOf(head, "Content-Disposition"), "filename") ?? paramOf(type, "name");
  return [{ type: type.split(";")[0].trim().toLowerCase(), filename, body: bytes }];
}

/** The quote's email as the customer receives it: its subject, its text, the link in it and the PDF attached. */
export async function quoteMail(to: string, number: string) {
  const raw = await mailTo(to, new RegExp(`Subject: Quote ${number}`));
  const parts = mimeParts(raw);
  const text = parts.find((part) => part.type === "text/plain")!.body.toString("utf8");
  const link = /https?:\/\/\S+\/p\/quote\/[A-Za-z0-9_-]{20,}/.exec(text)?.[0];
  expect(link, "the link to the quote's page in the email's text").toBeTruthy();
  const pdf = parts.find((part) => part.type === "application/pdf");
  return { raw, text, link: link!, pdf };
}

/** The customer's phone: a browser of its own at 390×844, never signed in to the office. */
export async function customerPhone(browser: Browser) {
  const context = await browser.newContext({ viewport: MOBILE, deviceScaleFactor: 2, hasTouch: false });
  return { context, page: await context.newPage() };
}

/** A drawn signature on the customer's page: two strokes across the box, as a finger would. */
export async function sign(page: Page) {
  // signature_pad loads with the answer part: strokes before it listens are not drawn.
  const pad = page.locator('[data-testid="signature-pad"][data-ready="true"]');
  await pad.scrollIntoViewIfNeeded();
  const box = (await pad.boundingBox())!;
  await page.mouse.move(box.x + 30, box.y + box.height * 0.7);
  await page.mouse.down();
  for (let step = 1; step <= 12; step += 1) await page.mouse.move(box.x + 30 + step * 22, box.y + box.height * (0.7 - 0.4 * Math.sin(step / 2)), { steps: 2 });
  await page.mouse.up();
  await page.mouse.move(box.x + 60, box.y + box.height * 0.8);
  await page.mouse.down();
  await page.mouse.move(box.x + 280, box.y + box.height * 0.75, { steps: 8 });
  await page.mouse.up();
  await expect(page.getByRole("button", { name: "Approve and sign" })).toHaveAttribute("data-drawn", "true");
}

/** A 1×1 PNG, as a drawn signature's data URL carries one. */
const SIGNATURE = "data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

/**
 * A quote of two lines (10 m² of tiling at 40.00, a vanity unit at 300.00: 700.00 net),
 * sent and approved by its customer on their page, through the API (the office's and the
 * customer's screens are walked in quote-loop.spec.ts); `deposit` asks for one.
 */
export async function approvedQuote(page: Page, owner: ReturnType<typeof ownerApi>, customer: string, origin: string, deposit: { percent: number } | null = null) {
  const quote = await owner.post<{ id: string; options: { id: string }[] }>("/quote", {
    customer,
    title: "Bathroom refit",
    deposit,
    options: [
      {
        name: "Bathroom refit",
        sections: [
          {
            title: "Work",
            lines: [
              { name: "Tiling", quantity: 10, unit: "square_metre", unit_price: 4_000 },
              { name: "Vanity unit", quantity: 1, unit: "piece", unit_price: 30_000 },
            ],
          },
        ],
      },
    ],
  });
  await owner.post(`/quote/${quote.id}/send`, { channel: "email" });
  const link = await owner.post<{ token: string }>(`/quote/${quote.id}/link`, {});
  const open = (await (await page.request.get(`/api/api/public/quote/${link.token}`)).json()) as { revision_hash: string };
  const answered = await page.request.post(`/api/api/public/quote/${link.token}`, {
    headers: { origin },
    data: { answer: "approved", option: quote.options[0].id, optional_lines: [], name: "Carla Customer", signature: SIGNATURE, revision_hash: open.revision_hash },
  });
  expect(answered.ok(), await answered.text()).toBe(true);
  return quote.id;
}

/**
 * A new British business (pounds, 20 % VAT, Europe/London) with `business` details,
 * its owner logged in at desktop width with Invoices in the menu: answers the session and the owner's API.
 */
export async function britishShop(page: Page, request: APIRequestContext, origin: string, business?: Record<string, unknown>) {
  const { email } = await signUpByApi(request, origin, "Tile & Tap");
  await page.setViewportSize(DESKTOP);
  await page.goto("/customer");
  await logIn(page, email);
  await expect(page.getByRole("navigation", { name: "Main navigation" }).getByRole("link", { name: "Invoices" })).toBeVisible();
  const session = await (await page.request.get("/api/api/session")).json();
  const owner = ownerApi(page.request, { origin });
  await owner.patch(`/organization/${session.organization.id}`, { country: "GB", ...(business ? { business } : {}) });
  return { session, owner };
}

/** Makes a draft invoice from the quote's page with one of its buttons ("Deposit invoice", "Create invoice"): answers its id. */
export async function draftFromQuote(page: Page, quoteId: string, button: string) {
  await page.goto(`/quote/${quoteId}`);
  await hydrated(page);
  await page.getByRole("button", { name: button }).click();
  await expectToast(page, "The draft invoice has been created");
  await expect(page).toHaveURL(/\/invoice\/[0-9a-f-]{36}$/);
  await expect(page.getByTestId("invoice-status")).toHaveText("Draft");
  return page.url().split("/").pop()!;
}

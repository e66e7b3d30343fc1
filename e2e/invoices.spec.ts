import { expect, test } from "@playwright/test";
import { approvedQuote, britishShop, draftFromQuote } from "./quote-steps";
import { closeToasts, expectNoOverflow, expectToast, mailTo, MOBILE, uniqueEmail } from "./support";

test("an invoice from an approved quote: edited as a draft, issued, paid in two parts, then a line credited", async ({ page, request, baseURL }) => {
  const { owner } = await britishShop(page, request, baseURL!);
  const ivy = uniqueEmail("ivy");
  const customer = await owner.post<{ id: string }>("/customer", { name: "Ivy Irving", email: ivy });
  const quoteId = await approvedQuote(page, owner, customer.id, baseURL!);

  // Create invoice, on the approved quote.
  await draftFromQuote(page, quoteId, "Create invoice");
  const invoiceUrl = page.url();
  const totals = page.getByRole("region", { name: "Totals" });
  // 10 × 40 + 300 = 700.00 net, 20 % tax.
  await expect(totals.getByTestId("total-gross")).toHaveText("£840.00");

  // A line changed in the draft: the totals follow as it is typed, and it is saved.
  const tiling = page.getByRole("listitem", { name: "Line 1" });
  await tiling.getByRole("textbox", { name: "Quantity" }).fill("12");
  await expect(totals.getByTestId("total-net")).toHaveText("£780.00");
  await expect(totals.getByTestId("total-gross")).toHaveText("£936.00");
  await page.getByRole("textbox", { name: "Purchase order number" }).fill("PO-5521");
  await page.getByRole("button", { name: "Save", exact: true }).click();
  await expectToast(page, "has been updated");
  await closeToasts(page);
  await page.screenshot({ path: "/tmp/invoice-screens-draft.png", fullPage: true });

  // Issue: the number is taken now, and the invoice is read only.
  await page.getByRole("button", { name: "Issue invoice" }).click();
  const issue = page.getByRole("dialog", { name: "Issue this invoice?" });
  await expect(issue).toContainText("takes its number now");
  await issue.getByRole("button", { name: "Issue now" }).click();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^INV-\d{4}-\d{4}$/);
  const number = (await page.getByTestId("invoice-number").textContent())!;
  await expect(page.getByTestId("invoice-status")).toHaveText("Issued");
  await expect(page.getByText(`Issued as ${number}: an issued invoice never changes`)).toBeVisible();
  await expect(page.getByRole("listitem", { name: "Line 1" }).getByRole("textbox", { name: "Quantity" })).toBeDisabled();
  await expect(page.getByTestId("invoice-due")).toHaveText("£936.00");
  await closeToasts(page);
  await page.screenshot({ path: "/tmp/invoice-screens-issued.png", fullPage: true });

  // Sent by email through Ivy's conversation, with the PDF and the link to view and pay it.
  await page.getByRole("button", { name: "Send", exact: true }).click();
  const send = page.getByRole("dialog", { name: "Send invoice" });
  await expect(send).toContainText("a link to view and pay it");
  await send.getByRole("button", { name: "Send", exact: true }).click();
  await expectToast(page, "Sent to Ivy Irving");
  await expect(page.getByTestId("invoice-status")).toHaveText("Sent");
  const mail = (await mailTo(ivy, /p\/invoice/)).replace(/=\r?\n/g, "");
  expect(mail).toMatch(/\/p\/invoice\/[A-Za-z0-9_-]{43}/);
  expect(mail).toMatch(/Content-Type: application\/pdf/i);
  await closeToasts(page);

  // A partial payment: the amount asked for is what is due, changed to 400.
  await page.getByRole("button", { name: "Record payment" }).click();
  const pay = page.getByRole("dialog", { name: `Record a payment of ${number}` });
  const amount = pay.getByRole("textbox", { name: "Amount" });
  await expect(amount).toHaveValue("936.00");
  // More than is due is refused, and said so.
  await amount.fill("1000");
  await pay.getByRole("button", { name: "Record", exact: true }).click();
  await expect(pay).toContainText("This is more than is due");
  await amount.fill("400");
  await pay.getByRole("textbox", { name: "Reference" }).fill("Transfer 1");
  await pay.getByRole("button", { name: "Record", exact: true }).click();
  await expectToast(page, "A payment of £400.00 has been recorded");
  await expect(page.getByTestId("invoice-status")).toHaveText("Partly paid");
  await expect(page.getByTestId("invoice-due")).toHaveText("£536.00");
  await expect(page.getByTestId("invoice-payments")).toContainText("Transfer 1");

  // The rest: paid.
  await page.getByRole("button", { name: "Record payment" }).click();
  await expect(amount).toHaveValue("536.00");
  await pay.getByRole("button", { name: "Record", exact: true }).click();
  await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
  await expect(page.getByTestId("invoice-due")).toHaveText("£0.00");
  await expect(page.getByRole("button", { name: "Record payment" })).toBeHidden();

  // A credit note for the vanity unit alone, issued with its own number.
  await page.getByRole("button", { name: "Credit note" }).click();
  const credit = page.getByRole("dialog", { name: `Credit note for ${number}` });
  await credit.getByText("Chosen lines", { exact: true }).click();
  await credit.getByRole("checkbox", { name: /Vanity unit/ }).check();
  await credit.getByRole("button", { name: "Create credit note" }).click();
  await expectToast(page, "The draft credit note has been created");
  await expect(page).not.toHaveURL(invoiceUrl);
  await expect(page.getByTestId("invoice-status")).toHaveText("Draft");
  await expect(page.getByRole("region", { name: "Totals" }).getByTestId("total-gross")).toHaveText("£360.00");
  await page.getByRole("button", { name: "Issue credit note" }).click();
  await page.getByRole("dialog", { name: "Issue this credit note?" }).getByRole("button", { name: "Issue now" }).click();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^CN-\d{4}-\d{4}$/);

  // The browse list, and the customer's card with the balance.
  await page.goto("/invoice");
  await expect(page.getByRole("link", { name: number })).toBeVisible();
  await page.screenshot({ path: "/tmp/invoice-screens-browse.png", fullPage: true });
  await page.goto(`/customer/${customer.id}`);
  const card = page.getByRole("region", { name: "Invoices" });
  await expect(card).toContainText(number);
  await expect(card.getByTestId("customer-balance")).toContainText("£0.00");
  await page.screenshot({ path: "/tmp/invoice-screens-customer.png", fullPage: true });

  // The issued invoice on a phone: nothing sticks out sideways.
  await page.goto(invoiceUrl);
  await page.setViewportSize(MOBILE);
  await expect(page.getByTestId("invoice-status").first()).toHaveText("Paid");
  await expectNoOverflow(page);
  await page.screenshot({ path: "/tmp/invoice-screens-mobile.png", fullPage: true });
});

import { expect, test, type Page } from "@playwright/test";
import { approvedQuote, britishShop, customerPhone, draftFromQuote, mimeParts } from "./quote-steps";
import { closeToasts, expectToast, hydrated, mailTo, picture, uniqueEmail } from "./support";

/**
 * The loop of an invoice (issue 39), from an approved quote with a 30 % deposit to the
 * last penny: the deposit invoice issued, sent and paid by card on the customer's page
 * (through the fake Stripe the browser tests' server talks to); the final invoice with
 * the deposit deducted, entered late (dated a month back, so past its due date at once)
 * with the automatic overdue reminder on; the reminder in the customer's mail with its
 * Pay link; a part paid by hand; the rest paid by card from the reminder's link.
 *
 * The figures, in pounds (a British business, 20 % VAT):
 *   Tiling 10 m² × 40 + vanity unit 300 = 700 net, 140 VAT, 840 gross; deposit 30 % = 252
 *   Final invoice: 840 − 252 = 588 due; 200 paid by bank transfer, 388 left, paid by card.
 */

/** A day as a date input holds it, `days` before today at the business's zone. */
function daysAgo(days: number, zone: string) {
  const today = new Intl.DateTimeFormat("sv-SE", { timeZone: zone }).format(new Date());
  const day = new Date(`${today}T12:00:00Z`);
  day.setUTCDate(day.getUTCDate() - days);
  return day.toISOString().slice(0, 10);
}

/**
 * Issues the draft on screen from its dialog, dated `date` (already past its due day),
 * asking for the overdue reminder at once or not; answers its number.
 */
async function issueOnScreen(page: Page, date: string, remindNow: boolean) {
  await page.getByRole("button", { name: "Issue invoice" }).click();
  const issue = page.getByRole("dialog", { name: "Issue this invoice?" });
  const field = issue.getByLabel("Issue date");
  await expect(field).toHaveValue(/^\d{4}-\d{2}-\d{2}$/);
  const remind = issue.getByRole("checkbox", { name: "Remind the customer now that it is overdue" });
  await expect(remind).toHaveCount(0);
  await field.fill(date);
  await expect(remind).not.toBeChecked();
  if (remindNow) {
    await remind.check();
    await picture(page, "invoice-issue-dated");
  }
  await issue.getByRole("button", { name: "Issue now" }).click();
  await expect(issue).toBeHidden();
  await expect(page.getByTestId("invoice-number")).toHaveText(/^INV-\d{4}-\d{4}$/);
  return (await page.getByTestId("invoice-number").textContent())!;
}

/** The customer pays what is due by card on the invoice's page: Stripe's checkout (the fake's), back to the page, paid. */
async function payByCard(page: Page, path: string, amount: string) {
  await page.goto(path);
  await hydrated(page);
  await expect(page.getByTestId("invoice-due")).toHaveText(amount);
  await expect(page.getByTestId("invoice-pay")).toHaveText(`Pay ${amount} online`);
  await page.getByTestId("invoice-pay").click();
  await page.getByRole("button", { name: /^Pay / }).click();
  await expect(page).toHaveURL(/\/p\/invoice\/[A-Za-z0-9_-]{43}\?paid=1$/);
  await expect(page.getByText("This invoice is paid. Thank you!")).toBeVisible();
  await expect(page.getByTestId("invoice-pay")).toHaveCount(0);
}

/** The link to an invoice's page in a raw mail (quoted-printable lines joined again). */
const invoicePath = (raw: string) => /\/p\/invoice\/[A-Za-z0-9_-]{43}/.exec(raw.replace(/=\r?\n/g, ""))![0];

test("the whole loop of an invoice: deposit paid by card, final invoice with it deducted, overdue, reminded, paid in two parts", async ({ page, browser, request, baseURL }) => {
  // A British business with a bank account on its invoices.
  const { session, owner } = await britishShop(page, request, baseURL!, { legal_name: "Tile & Tap Ltd", bank: { iban: "GB29 NWBK 6016 1331 9268 19" } });
  const to = uniqueEmail("ivy");
  const customer = await owner.post<{ id: string }>("/customer", { name: "Ivy Irving", email: to });
  const quoteId = await approvedQuote(page, owner, customer.id, baseURL!, { percent: 30 });
  const phone = await customerPhone(browser);
  let depositNumber = "";

  // Entered a month late, as offices do: the deposit invoice dated 31 days back, the final one 30 (numbers follow dates).
  await test.step("the deposit invoice: dated a month back, sent by email, paid by card on the customer's phone", async () => {
    await draftFromQuote(page, quoteId, "Deposit invoice");
    await expect(page.getByRole("region", { name: "Totals" }).getByTestId("total-gross")).toHaveText("£252.00");
    depositNumber = await issueOnScreen(page, daysAgo(31, "Europe/London"), false);
    const depositUrl = page.url();
    await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
    await expect(page.getByTestId("invoice-due")).toHaveText("£252.00");
    await closeToasts(page);

    await page.getByRole("button", { name: "Send", exact: true }).click();
    const send = page.getByRole("dialog", { name: "Send invoice" });
    await send.getByRole("button", { name: "Send", exact: true }).click();
    await expect(send).toBeHidden();
    await expectToast(page, "Sent to Ivy Irving");
    await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
    const mail = await mailTo(to, new RegExp(`Subject: Deposit invoice ${depositNumber}`));

    await payByCard(phone.page, invoicePath(mail), "£252.00");

    await page.goto(depositUrl);
    await hydrated(page);
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByTestId("invoice-due")).toHaveText("£0.00");
    await expect(page.getByTestId("invoice-payments")).toContainText("£252.00");
  });

  // The office's automatic messages on, with the overdue reminders as they come (7 and 21 days after the due date).
  await owner.patch(`/organization/${session.organization.id}/automatic_messages`, { enabled: true });

  let number = "";
  let finalUrl = "";
  await test.step("the final invoice from the quote: the whole work, the deposit paid deducted", async () => {
    await draftFromQuote(page, quoteId, "Create invoice");
    finalUrl = page.url();
    const totals = page.getByRole("region", { name: "Totals" });
    await expect(totals.getByTestId("total-net")).toHaveText("£700.00");
    await expect(totals.getByTestId("total-gross")).toHaveText("£840.00");
    await expect(totals.getByText(`Deposit ${depositNumber} paid`)).toBeVisible();
    await expect(totals.getByTestId("total-prepaid")).toHaveText("-£252.00");
    await expect(totals.getByTestId("total-due")).toHaveText("£588.00");
  });

  await test.step("dated 30 days back, due 14 days later, it is overdue as it is issued, and the customer reminded now", async () => {
    const issued = daysAgo(30, "Europe/London");
    number = await issueOnScreen(page, issued, true);
    await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
    await expect(page.getByTestId("invoice-due")).toHaveText("£588.00");
    const saved = await (await page.request.get(`/api/api/invoice/${finalUrl.split("/").pop()}`)).json();
    expect(saved).toMatchObject({ status: "overdue", issue_date: issued, due_date: daysAgo(16, "Europe/London"), total: 84_000, due: 58_800 });
  });

  let reminder = "";
  await test.step("the overdue reminder reaches the customer at once, with what is outstanding and the Pay link", async () => {
    const raw = await mailTo(to, new RegExp(`Subject: Overdue: invoice ${number}`));
    const text = mimeParts(raw).find((part) => part.type === "text/plain")!.body.toString("utf8");
    expect(text).toContain("Hello Ivy Irving");
    expect(text).toContain(`Our invoice ${number} was due on`);
    expect(text).toContain("£588.00 is still outstanding");
    reminder = invoicePath(raw);

    // The office sees it in the customer's conversation, sent by the organization.
    await page.goto(`/customer/${customer.id}`);
    await hydrated(page);
    await page.getByRole("region", { name: "Conversations" }).getByTestId("customer-conversation").first().getByRole("link").first().click();
    await expect(page).toHaveURL(/\/conversation\/[0-9a-f-]{36}$/);
    const sent = page.getByTestId("message").filter({ hasText: `Our invoice ${number} was due on` });
    await expect(sent).toHaveCount(1);
    await expect(sent).toHaveAttribute("data-direction", "outgoing");
    await expect(sent).toContainText("£588.00 is still outstanding");
    await expect(sent.getByTestId("delivery")).toHaveText("Sent");
    await closeToasts(page);
    await picture(page, "invoice-loop-reminder");
  });

  await test.step("a part paid by hand: still overdue, the balance shown", async () => {
    await page.goto(finalUrl);
    await hydrated(page);
    await page.getByRole("button", { name: "Record payment" }).click();
    const pay = page.getByRole("dialog", { name: `Record a payment of ${number}` });
    const amount = pay.getByRole("textbox", { name: "Amount" });
    await expect(amount).toHaveValue("588.00");
    await amount.fill("200");
    await pay.getByRole("textbox", { name: "Reference" }).fill("Transfer 1");
    await pay.getByRole("button", { name: "Record", exact: true }).click();
    await expect(pay).toBeHidden();
    await expect(page.getByTestId("invoice-status")).toHaveText("Overdue");
    await expect(page.getByTestId("invoice-due")).toHaveText("£388.00");
    await expect(page.getByTestId("invoice-payments")).toContainText("Transfer 1");
  });

  await test.step("the rest paid by card from the reminder's link: Paid, nothing left", async () => {
    await payByCard(phone.page, reminder, "£388.00");
    await phone.context.close();
    await page.goto(finalUrl);
    await hydrated(page);
    await expect(page.getByTestId("invoice-status")).toHaveText("Paid");
    await expect(page.getByTestId("invoice-due")).toHaveText("£0.00");
    const payments = page.getByTestId("invoice-payments");
    await expect(payments).toContainText("Transfer 1");
    await expect(payments).toContainText("£388.00");
    await expect(page.getByRole("button", { name: "Record payment" })).toBeHidden();
    const paid = await (await page.request.get(`/api/api/payment?invoice=${finalUrl.split("/").pop()}`)).json();
    expect(paid.items.map((item: { method: string; amount: number }) => [item.method, item.amount]).sort()).toEqual([
      ["bank_transfer", 20_000],
      ["stripe", 38_800],
    ]);
    await closeToasts(page);
    await picture(page, "invoice-loop-paid");
    await page.screenshot({ path: "/tmp/loop-final-invoice.png", fullPage: true });
  });
});

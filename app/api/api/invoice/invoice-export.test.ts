import { describe, expect, it } from "vitest";
import readXlsxFile from "read-excel-file/node";
import { GET as exportInvoicesRoute } from "@/app/api/api/invoice/export/route";
import { GET as exportPaymentsRoute } from "@/app/api/api/payment/export/route";
import { POST as postTaxRate } from "@/app/api/api/tax_rate/route";
import { minorToDecimal } from "@/lib/money/format";
import { setClock } from "@/lib/server/clock";
import { call } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { csvRows, download } from "@/test/invoice-export";
import { blankBody, created, credit, getInvoice, invoicingShop, issued, pay } from "@/test/invoices";
import { useSmtpCatcher } from "@/test/smtp-catcher";

/*
 * The accountant's exports through the real routes: every figure of each row equals
 * the API's for the same invoice to the cent (both come from invoiceTotals), in the
 * CSV as decimals and in the XLSX as numbers, per tax rate too; the period is by issue
 * date (invoices) and payment date (payments); a formula-like name is neutralised.
 */

const mailbox = useSmtpCatcher();

type Shop = Awaited<ReturnType<typeof invoicingShop>>;

async function rate(s: Shop, name: string, percent: number) {
  const res = await call(postTaxRate, "POST", "/tax_rate", { cookie: s.cookie, body: { name, percent, category: percent === 0 ? "zero" : "reduced" } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body.id as string;
}

/** An invoice of three lines at three rates (20 %, 10 %, 5.5 %) with odd cents, issued on `day`. */
async function threeRates(s: Shop, customer: string, day: string, rates: string[]) {
  setClock(new Date(`${day}T10:00:00Z`));
  const draft = await created(
    s.cookie,
    blankBody(customer, {
      sections: [
        {
          title: "Work",
          lines: [
            { name: "Part", unit: "piece", unit_price: 33_333, quantity: 3, tax_rate: rates[0] },
            { name: "Labour", unit: "hour", unit_price: 7_777, quantity: 1.25, tax_rate: rates[1] },
            { name: "Books", unit: "piece", unit_price: 1_999, quantity: 7, tax_rate: rates[2] },
          ],
        },
      ],
      allowances: [{ reason: "Loyal customer", amount: 1_001, tax_rate: rates[0] }],
    }),
  );
  return issued(s.cookie, draft.id, { issue_date: day });
}

const dec = (minor: number) => minorToDecimal(minor, "EUR");

describe("the accountant's exports", () => {
  it("write one row per issued invoice whose figures equal the API's to the cent, in CSV and XLSX, per tax rate too", async () => {
    const s = await invoicingShop(mailbox);
    const rates = [await rate(s, "Standard 20", 20), await rate(s, "Reduced 10", 10), await rate(s, "Reduced 5.5", 5.5)];
    const tricky = await makeCustomer(s.cookie, { name: "=HYPERLINK(\"http://x\")" });
    const first = await threeRates(s, s.customer.id, "2030-03-02", rates);
    const second = await threeRates(s, tricky.id, "2030-03-15", rates);
    const outside = await threeRates(s, s.customer.id, "2030-04-01", rates);
    await created(s.cookie, blankBody(s.customer.id)); // a draft: never exported
    setClock(new Date("2030-03-20T10:00:00Z"));
    expect((await pay(s.cookie, { invoice: first.id, amount: 12_345, method: "bank_transfer", paid_on: "2030-03-20", reference: "+SUM(A1)" })).status).toBe(201);
    const note = await credit(s.cookie, second.id, { lines: [second.sections[0].lines[1].id] });
    expect(note.status, JSON.stringify(note.body)).toBe(201);
    // Issued on the last day of the month (an invoice is never dated after the day it is issued).
    setClock(new Date("2030-03-31T10:00:00Z"));
    const creditNote = await issued(s.cookie, note.body.id, { issue_date: "2030-03-31" });

    const period = { from: "2030-03-01", to: "2030-03-31" };
    const csv = await download(exportInvoicesRoute, "/invoice/export", s.cookie, { ...period, format: "csv" });
    expect(csv.status, JSON.stringify(csv.json)).toBe(200);
    expect(csv.type).toBe("text/csv; charset=utf-8");
    expect(csv.disposition).toBe('attachment; filename="invoices_2030-03-01_2030-03-31.csv"');
    const [header, ...rows] = csvRows(csv.text);
    expect(header.slice(0, 14)).toEqual(["Number", "Kind", "Status", "Customer", "VAT ID", "Issue date", "Due date", "Currency", "Net", "Tax", "Gross", "Deposits deducted", "Paid", "Due"]);
    expect(header.slice(14)).toEqual(["Net 20 % S", "Tax 20 % S", "Net 10 % S", "Tax 10 % S", "Net 5.5 % S", "Tax 5.5 % S"]);
    expect(rows.map((row) => row[0])).toEqual([first.number, second.number, creditNote.number]);

    const xlsx = await download(exportInvoicesRoute, "/invoice/export", s.cookie, { ...period, format: "xlsx" });
    expect(xlsx.status).toBe(200);
    expect(xlsx.type).toBe("application/vnd.openxmlformats-officedocument.spreadsheetml.sheet");
    const sheets = await readXlsxFile(Buffer.from(xlsx.bytes));
    expect(sheets.map((sheet) => sheet.sheet)).toEqual(["Invoices", "Tax by rate"]);
    const [xHeader, ...xRows] = sheets[0].data;
    expect(xHeader).toEqual(header);

    for (const [index, id] of [first.id, second.id, creditNote.id].entries()) {
      const api = (await getInvoice(s.cookie, id)).body;
      const expected = [api.totals.net, api.totals.tax, api.totals.gross, api.totals.prepaid, api.paid, api.due];
      const perRate = [20, 10, 5.5].flatMap((percent) => {
        const group = api.totals.groups.find((item: { percent: number }) => item.percent === percent);
        return group ? [group.net, group.tax] : [null, null];
      });
      expect(rows[index].slice(0, 8)).toEqual([api.number, api.kind, api.status, api.customer_name.startsWith("=") ? `'${api.customer_name}` : api.customer_name, "", api.issue_date, api.due_date ?? "", "EUR"]);
      expect(rows[index].slice(8)).toEqual([...expected, ...perRate].map((value) => (value === null ? "" : dec(value))));
      // The workbook: numbers, which times 100 are the API's minor units exactly; text is text, never a formula.
      const xRow = xRows[index];
      expect(xRow[3]).toBe(api.customer_name);
      expect(xRow[5]).toEqual(new Date(`${api.issue_date}T00:00:00Z`));
      expect(xRow.slice(8).map((value) => (value === null ? null : Math.round((value as number) * 100)))).toEqual([...expected, ...perRate]);
    }
    // The credit note took back the labour line: the second invoice has that much less to pay.
    expect(rows[1][2]).toBe("issued");
    expect(Number(rows[1][13])).toBeCloseTo(Number(rows[1][10]) - Number(rows[2][10]), 2);
    // Its sums over the rows equal the API's sums, to the cent.
    const apiGross = (await Promise.all([first.id, second.id, creditNote.id].map((id) => getInvoice(s.cookie, id)))).reduce((sum, res) => sum + res.body.total, 0);
    expect(rows.reduce((sum, row) => sum + Math.round(Number(row[10]) * 100), 0)).toBe(apiGross);
    // The tax sheet: a row per invoice and rate.
    expect(sheets[1].data.slice(1).map((row) => [row[0], row[3], row[4]])).toEqual([
      [first.number, "20 %", "S"],
      [first.number, "10 %", "S"],
      [first.number, "5.5 %", "S"],
      [second.number, "20 %", "S"],
      [second.number, "10 %", "S"],
      [second.number, "5.5 %", "S"],
      [creditNote.number, "10 %", "S"],
    ]);

    // Open-ended: everything issued, April's too.
    const all = csvRows((await download(exportInvoicesRoute, "/invoice/export", s.cookie)).text);
    expect(all.slice(1).map((row) => row[0])).toEqual([first.number, second.number, creditNote.number, outside.number]);

    // Payments of the period, with the invoice, customer, method, amount and a neutralised reference.
    const payments = await download(exportPaymentsRoute, "/payment/export", s.cookie, { ...period, format: "csv" });
    expect(payments.disposition).toBe('attachment; filename="payments_2030-03-01_2030-03-31.csv"');
    expect(csvRows(payments.text)).toEqual([
      ["Payment date", "Invoice", "Customer", "Method", "Amount", "Currency", "Reference"],
      ["2030-03-20", first.number, s.customer.name, "bank_transfer", "123.45", "EUR", "'+SUM(A1)"],
    ]);
    const paymentSheets = await readXlsxFile(Buffer.from((await download(exportPaymentsRoute, "/payment/export", s.cookie, { format: "xlsx", from: "2030-03-20", to: "2030-03-20" })).bytes));
    expect(paymentSheets[0].data.slice(1)).toEqual([[new Date("2030-03-20T00:00:00Z"), first.number, s.customer.name, "bank_transfer", 123.45, "EUR", "+SUM(A1)"]]);
    expect(csvRows((await download(exportPaymentsRoute, "/payment/export", s.cookie, { from: "2030-03-21" })).text)).toHaveLength(1);
  });

  it("refuses a bad format or period with readable messages", async () => {
    const s = await invoicingShop(mailbox);
    const refused = async (query: Record<string, string>) => {
      const res = await call(exportInvoicesRoute, "GET", "/invoice/export", { cookie: s.cookie, query });
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.errors.map((error: { path: string; message: string }) => [error.path, error.message]);
    };
    expect((await refused({ format: "pdf" }))[0][0]).toBe("format");
    expect((await refused({ from: "2030-13-01" }))[0][0]).toBe("from");
    expect(await refused({ from: "2030-03-02", to: "2030-03-01" })).toEqual([["to", "To must be the same day as From or later"]]);
    expect(await refused({ limit: "5" })).toHaveLength(1);
    const empty = await download(exportPaymentsRoute, "/payment/export", s.cookie, { format: "csv" });
    expect(csvRows(empty.text)).toHaveLength(1);
  });
});

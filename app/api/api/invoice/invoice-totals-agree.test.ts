import fc from "fast-check";
import readXlsxFile from "read-excel-file/node";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { invoice } from "@/db/schema/invoice";
import { visit } from "@/db/schema/visit";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { GET as einvoiceRoute } from "@/app/api/api/invoice/[id]/einvoice/route";
import { GET as pdfRoute } from "@/app/api/api/invoice/[id]/pdf/route";
import { GET as exportInvoicesRoute } from "@/app/api/api/invoice/export/route";
import { PATCH as organizationPatch } from "@/app/api/api/organization/[id]/route";
import { POST as postTaxRate } from "@/app/api/api/tax_rate/route";
import { translatorFor } from "@/lib/i18n/messages";
import { formatMoney, minorToDecimal } from "@/lib/money/format";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import { call, ORIGIN } from "@/test/api";
import { fatalReport, xpathStrings } from "@/test/einvoice/validator";
import { csvRows, download } from "@/test/invoice-export";
import { approvedQuote, created, credit, GERMAN_BUSINESS, getInvoice, invoicingShop, issued, patchInvoice } from "@/test/invoices";
import { pdfText } from "@/test/pdf";
import { useSmtpCatcher } from "@/test/smtp-catcher";

/*
 * For random invoices made and issued through the real routes (fractional quantities, line
 * discounts, S at two percents and two rates at 19 %, Z, E with its reason, AE, K, document
 * allowances and charges; sometimes a quote's deposit invoice then the final invoice less
 * it, sometimes a credit note), every total agrees to the cent wherever it is shown: the
 * API's answer, the XML (CII and UBL, parsed by SaxonJS; the first runs also pass EN 16931),
 * the PDF's text, and the CSV and XLSX exports, all of them invoiceTotals of the frozen
 * document. A failure names the seed and the path that replays it.
 */

const mailbox = useSmtpCatcher();
const SEED = 390_016;
const RUNS = 8;
// Every run and shrink step goes through the routes (a second or so each): after the first failure,
// shrinking tries this many smaller cases and takes the smallest that still fails.
const SHRINK_STEPS = 12;

type RateKey = "s19" | "s19m" | "s7" | "z" | "e" | "ae" | "k";
const RATES: Record<RateKey, Record<string, unknown>> = {
  s19: { name: "VAT 19", percent: 19, category: "standard" },
  // A second rate at 19 %: the breakdowns add both under S 19 %.
  s19m: { name: "VAT 19 materials", percent: 19, category: "standard" },
  s7: { name: "VAT 7", percent: 7, category: "reduced" },
  z: { name: "Zero", percent: 0, category: "zero" },
  e: { name: "Exempt", percent: 0, category: "exempt", exemption_reason: "Exempt under § 4 Nr. 11 UStG" },
  ae: { name: "Reverse charge", percent: 0, category: "reverse_charge" },
  k: { name: "Intra-community", percent: 0, category: "intra_community" },
};

const lineArb = fc
  .record({
    quantity: fc.oneof(fc.integer({ min: 1, max: 40 }), fc.integer({ min: 1, max: 99_999 }).map((thousandths) => thousandths / 1000)),
    unit_price: fc.integer({ min: 1, max: 500_000 }),
    rate: fc.constantFrom<RateKey>("s19", "s19m", "s7", "z", "e", "ae", "k"),
    discount: fc.option(fc.oneof(fc.record({ percent: fc.integer({ min: 1, max: 50_000 }).map((milli) => milli / 1000) }), fc.record({ amount: fc.integer({ min: 1, max: 500 }) })), { nil: null }),
  })
  // An amount off is at most the line's amount (the API refuses more).
  .map((line) => {
    const amount = Math.floor(Math.round(line.quantity * 1000) * line.unit_price / 1000);
    if (!line.discount || !("amount" in line.discount)) return line;
    return { ...line, discount: amount >= 1 ? { amount: Math.min(line.discount.amount, amount) } : null };
  });
const allowanceArb = fc.record({ charge: fc.boolean(), amount: fc.integer({ min: 1, max: 1_000 }), rate: fc.constantFrom<RateKey>("s19", "s19m", "s7", "z", "e", "ae", "k") });
const caseArb = fc.record({
  // A first line worth more than the allowances can take off: an invoice of a negative total is refused when issued.
  lines: fc.tuple(fc.record({ quantity: fc.constant(1), unit_price: fc.integer({ min: 2_001, max: 500_000 }), rate: fc.constantFrom<RateKey>("s19", "s7", "z", "e", "ae"), discount: fc.constant(null) }), fc.array(lineArb, { maxLength: 4 })).map(([first, rest]) => [first, ...rest]),
  allowances: fc.array(allowanceArb, { maxLength: 2 }),
  // A plain invoice, one credited, or a quote's deposit invoice then its final invoice with the deposit deducted.
  flow: fc.constantFrom("invoice", "invoice", "credit_note", "deposit"),
});

type Case = typeof caseArb extends fc.Arbitrary<infer T> ? T : never;

const plain = (text: string) => text.replace(/[\s\u00a0\u202f]+/g, " ");
const dec = (amount: number) => minorToDecimal(amount, "EUR");

describe("an invoice's totals agree to the cent in the API, the XML, the PDF and the export", () => {
  it("for random lines, rates, discounts, allowances, charges and credit notes", { timeout: 120_000 }, async () => {
    const shop = await invoicingShop(mailbox);
    const patched = await call(organizationPatch, "PATCH", `/organization/${shop.organizationId}`, { cookie: shop.cookie, params: { id: shop.organizationId }, body: { business: GERMAN_BUSINESS } });
    expect(patched.status, JSON.stringify(patched.body)).toBe(200);
    // The shop's customer (the one its approved quotes are for) as a business with a VAT id, so reverse charge applies.
    const buyer = shop.customer;
    const customerPatch = await call(patchCustomer, "PATCH", `/customer/${buyer.id}`, { cookie: shop.cookie, params: { id: buyer.id }, body: { name: "Bau GmbH", line1: "Lindenweg 3", zip: "10115", city: "Berlin", country: "DE", vat_number: "DE987654321" } });
    expect(customerPatch.status, JSON.stringify(customerPatch.body)).toBe(200);
    const rateIds = {} as Record<RateKey, string>;
    for (const [key, body] of Object.entries(RATES)) {
      const res = await call(postTaxRate, "POST", "/tax_rate", { cookie: shop.cookie, body });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      rateIds[key as RateKey] = res.body.id;
    }
    // A project whose work is done (a completed visit): its invoices state the day delivered (BT-72), which intra-community supply needs.
    const project = await deliveredProject(shop);
    /** One generated case made and issued through the routes, then checked everywhere. */
    const oneCase = async (generated: Case) => {
      const sections = [{ title: "Work", lines: generated.lines.map((line, index) => ({ name: `Item ${index}`, unit: "piece", quantity: line.quantity, unit_price: line.unit_price, discount: line.discount, tax_rate: rateIds[line.rate] })) }];
      const allowances = generated.allowances.map((item) => ({ charge: item.charge, reason: item.charge ? "Call-out fee" : "Loyalty discount", amount: item.amount, tax_rate: rateIds[item.rate] }));
      let made: Api;
      if (generated.flow === "deposit") {
        // The quote's deposit invoice, issued and checked, then the final invoice of random lines less that deposit.
        const quote = await deliveredProject(shop);
        const deposit = await issued(shop.cookie, (await created(shop.cookie, { from: "deposit", quote: quote.id, buyer_reference: "04011000-12345-34" })).id);
        await checkAgreement(shop.cookie, (await getInvoice(shop.cookie, deposit.id)).body, false);
        const draft = await created(shop.cookie, { from: "quote", quote: quote.id, buyer_reference: "04011000-12345-34" });
        // The quoted work first, so the final invoice is worth more than the deposit it deducts (else issuing is refused).
        const quoted = { title: "As quoted", lines: [{ name: "Condensing boiler", unit: "piece", quantity: 1, unit_price: 300_000, tax_rate: rateIds.s19 }] };
        const changed = await patchInvoice(shop.cookie, draft.id, { sections: [quoted, ...sections], allowances });
        expect(changed.status, JSON.stringify(changed.body)).toBe(200);
        made = await issued(shop.cookie, draft.id);
        expect(made.prepayments, "the final invoice deducts the deposit").toEqual([expect.objectContaining({ invoice: deposit.id, amount: deposit.total })]);
      } else {
        const draft = await created(shop.cookie, { from: "blank", customer: buyer.id, project: project.project, title: "Bathroom", buyer_reference: "04011000-12345-34", sections, allowances });
        made = await issued(shop.cookie, draft.id);
      }
      if (generated.flow === "credit_note") {
        const note = await credit(shop.cookie, made.id);
        expect(note.status, JSON.stringify(note.body)).toBe(201);
        made = await issued(shop.cookie, note.body.id);
      }
      const api = (await getInvoice(shop.cookie, made.id)).body;
      await checkAgreement(shop.cookie, api, run <= 2);
    };
    let run = 0;
    let failed = false;
    let shrinkSteps = 0;
    await fc.assert(
      fc.asyncProperty(caseArb, async (generated) => {
        run++;
        if (failed && ++shrinkSteps > SHRINK_STEPS) return; // shrinking's budget is spent: the last failure found is reported
        try {
          await oneCase(generated);
        } catch (error) {
          failed = true;
          throw error;
        }
      }),
      {
        seed: SEED,
        numRuns: RUNS,
        reporter: (details) => {
          if (!details.failed) return;
          const error = details.errorInstance as { message?: string; actual?: unknown; expected?: unknown };
          // The assertion's two sides, so the figures that differ are read in the message itself.
          const sides = error && "expected" in error ? `\nexpected ${JSON.stringify(error.expected)}\nreceived ${JSON.stringify(error.actual)}` : "";
          const cause = `${error?.message ?? String(error)}${sides}`;
          throw new Error(`Totals disagree (fast-check seed ${SEED}, path ${details.counterexamplePath}; shrinking stops after ${SHRINK_STEPS} steps).\n${fc.defaultReportMessage(details)}\nCause: ${cause}`);
        },
      },
    );
  });
});

type Api = Record<string, any>;

/** An approved quote (for the shop's customer) whose project has a completed visit. */
async function deliveredProject(shop: Awaited<ReturnType<typeof invoicingShop>>) {
  const quote = await approvedQuote(shop);
  await (await getDb()).insert(visit).values({
    organizationId: shop.organizationId,
    projectId: quote.project,
    timeZone: "Europe/Berlin",
    startAt: new Date("2026-01-05T08:00:00Z"),
    endAt: new Date("2026-01-05T12:00:00Z"),
    status: "completed",
  });
  return quote;
}

/** invoiceTotals' tax groups as the XML and the export break VAT down: one per category code and rate. */
function byRate(totals: Api) {
  const merged = new Map<string, { code: string; percent: number; net: number; tax: number }>();
  for (const group of totals.groups) {
    const key = `${group.code}/${group.percent}`;
    const entry = merged.get(key) ?? { code: group.code, percent: group.percent, net: 0, tax: 0 };
    merged.set(key, { ...entry, net: entry.net + group.net, tax: entry.tax + group.tax });
  }
  return [...merged.values()];
}

async function checkAgreement(cookie: string, api: Api, validate: boolean) {
  const totals = api.totals;
  const what = `${api.kind} ${api.number}`;
  // The API states what invoiceTotals makes of the document frozen at issue, and its own sums hold.
  const [stored] = await (await getDb()).select({ document: invoice.document }).from(invoice).where(eq(invoice.id, api.id));
  const document = stored.document!;
  expect(document, what).toBeTruthy();
  const fromDocument = invoiceTotals(document.content, document.currency, document.prepayments);
  expect(totals, `${what}: API totals`).toMatchObject({ net: fromDocument.net, tax: fromDocument.tax, gross: fromDocument.gross, prepaid: fromDocument.prepaid, due: fromDocument.due, lines: fromDocument.lines, allowances: fromDocument.allowances, charges: fromDocument.charges });
  expect(totals.groups.map((group: Api) => ({ code: group.code, percent: group.percent * 1000, net: group.net, tax: group.tax })), `${what}: API tax groups`).toEqual(
    fromDocument.groups.map((group) => ({ code: group.code, percent: group.percent, net: group.net, tax: group.tax })),
  );
  expect(totals.lines - totals.allowances + totals.charges, `${what}: net = lines − allowances + charges`).toBe(totals.net);
  expect(totals.net + totals.tax, `${what}: gross = net + tax`).toBe(totals.gross);
  expect(totals.gross - totals.prepaid, `${what}: due = gross − prepaid`).toBe(totals.due);
  expect(api.total, `${what}: total`).toBe(totals.gross);
  const rates = byRate(totals);

  // The XML, CII and UBL, parsed.
  for (const format of ["xrechnung", "ubl"] as const) {
    const res = await fetchFile(einvoiceRoute, "/einvoice", api.id, cookie, { format });
    expect(res.status, `${format} ${Buffer.from(res.bytes).toString("utf8").slice(0, 400)}`).toBe(200);
    const xml = Buffer.from(res.bytes).toString("utf8");
    const cii = format === "xrechnung";
    const sum = (ciiName: string, ublName: string) => xpathStrings(xml, cii ? `//*:SpecifiedTradeSettlementHeaderMonetarySummation/*:${ciiName}` : `/*/*:LegalMonetaryTotal/*:${ublName}`);
    const optional = (amount: number) => (amount ? [dec(amount)] : []);
    expect(
      {
        lines: sum("LineTotalAmount", "LineExtensionAmount"),
        allowances: sum("AllowanceTotalAmount", "AllowanceTotalAmount"),
        charges: sum("ChargeTotalAmount", "ChargeTotalAmount"),
        net: sum("TaxBasisTotalAmount", "TaxExclusiveAmount"),
        tax: cii ? sum("TaxTotalAmount", "") : xpathStrings(xml, "/*/*:TaxTotal/*:TaxAmount"),
        gross: sum("GrandTotalAmount", "TaxInclusiveAmount"),
        prepaid: sum("TotalPrepaidAmount", "PrepaidAmount"),
        due: sum("DuePayableAmount", "PayableAmount"),
      },
      `${what}: ${format} totals`,
    ).toEqual({
      lines: [dec(totals.lines)],
      allowances: optional(totals.allowances),
      charges: optional(totals.charges),
      net: [dec(totals.net)],
      tax: [dec(totals.tax)],
      gross: [dec(totals.gross)],
      prepaid: optional(totals.prepaid),
      due: [dec(totals.due)],
    });
    const breakdown = xpathStrings(
      xml,
      cii ? "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax!(*:CategoryCode, *:BasisAmount, *:CalculatedAmount)" : "/*/*:TaxTotal/*:TaxSubtotal!(*:TaxCategory/*:ID, *:TaxableAmount, *:TaxAmount)",
    );
    const found = [];
    for (let index = 0; index < breakdown.length; index += 3) found.push(breakdown.slice(index, index + 3).join(" "));
    expect(found.sort(), `${what}: ${format} basis and tax per rate`).toEqual(rates.map((rate) => `${rate.code} ${dec(rate.net)} ${dec(rate.tax)}`).sort());
    if (validate) expect(fatalReport(xml), `${what}: ${format} EN 16931`).toBeNull();
  }

  // The PDF's totals block, in the document's language with the PDF's money formatter.
  const pdf = await fetchFile(pdfRoute, "/pdf", api.id, cookie);
  expect(pdf.status).toBe(200);
  const text = plain(await pdfText(pdf.bytes));
  const language = document.language;
  const t = translatorFor(language);
  const money = (amount: number) => plain(formatMoney(amount, document.currency, language));
  const shown = [`${t("document.totals.net")} ${money(totals.net)}`, `${t("document.totals.gross")} ${money(totals.gross)}`];
  if (totals.groups.length > 1) shown.push(`${t("document.totals.tax")} ${money(totals.tax)}`);
  if (document.content.allowances.length) shown.push(`${t("document.invoice.linesTotal")} ${money(totals.lines)}`);
  for (const item of document.content.allowances) shown.push(item.charge ? money(item.amount) : `−${money(item.amount)}`);
  for (const prepayment of document.prepayments) shown.push(`−${money(prepayment.amount)}`);
  shown.push(`${api.kind === "credit_note" ? t("document.invoice.amountCredited") : t("document.invoice.amountDue")} ${money(totals.due)}`);
  for (const group of totals.groups) shown.push(money(group.tax));
  for (const expected of shown) expect(text, `${what}: PDF shows ${expected}`).toContain(expected);

  // The CSV export: the invoice's row, its totals and each rate's net and tax.
  const csv = await download(exportInvoicesRoute, "/invoice/export", cookie, { format: "csv" });
  expect(csv.status).toBe(200);
  const [header, ...rows] = csvRows(csv.text);
  const row = rows.find((candidate) => candidate[0] === api.number);
  expect(row, `${what}: export row`).toBeTruthy();
  const exportWords = translatorFor("en-US");
  const label = (rate: { code: string; percent: number }) => `${rate.percent} % ${rate.code}`;
  const perRate = (values: string[] | unknown[]) =>
    Object.fromEntries(rates.flatMap((rate) => [exportWords("invoiceExport.columns.netAt", { rate: label(rate) }), exportWords("invoiceExport.columns.taxAt", { rate: label(rate) })]).map((name) => [name, values[header.indexOf(name)]]));
  const expectedPerRate = Object.fromEntries(rates.flatMap((rate) => [[exportWords("invoiceExport.columns.netAt", { rate: label(rate) }), rate.net], [exportWords("invoiceExport.columns.taxAt", { rate: label(rate) }), rate.tax]]));
  const column = (values: unknown[], name: string) => values[header.indexOf(name)];
  const figures = (values: unknown[]) => ({ net: column(values, "Net"), tax: column(values, "Tax"), gross: column(values, "Gross"), prepaid: column(values, "Deposits deducted") });
  expect({ ...figures(row!), ...perRate(row!) }, `${what}: CSV export`).toEqual(
    Object.fromEntries(Object.entries({ net: totals.net, tax: totals.tax, gross: totals.gross, prepaid: totals.prepaid, ...expectedPerRate }).map(([key, amount]) => [key, dec(amount)])),
  );

  // The XLSX export: the same row as numbers, and the tax sheet's rows for the invoice.
  const xlsx = await download(exportInvoicesRoute, "/invoice/export", cookie, { format: "xlsx" });
  expect(xlsx.status).toBe(200);
  const [invoices, taxSheet] = await readXlsxFile(Buffer.from(xlsx.bytes));
  expect(invoices.data[0], "XLSX header").toEqual(header);
  const xRow = invoices.data.find((candidate) => candidate[0] === api.number)!;
  const minor = (value: unknown) => (typeof value === "number" ? Math.round(value * 100) : value);
  expect(Object.fromEntries(Object.entries({ ...figures(xRow), ...perRate(xRow) }).map(([key, value]) => [key, minor(value)])), `${what}: XLSX export`).toEqual({
    net: totals.net,
    tax: totals.tax,
    gross: totals.gross,
    prepaid: totals.prepaid,
    ...expectedPerRate,
  });
  const taxRows = taxSheet.data.filter((candidate) => candidate[0] === api.number).map((candidate) => `${candidate[3]} ${String(candidate[4]).split(" ")[0]} ${minor(candidate[5])} ${minor(candidate[6])}`);
  expect(taxRows.sort(), `${what}: XLSX tax sheet`).toEqual(totals.groups.map((group: Api) => `${group.percent} % ${group.code} ${group.net} ${group.tax}`).sort());
}

type Handler = (req: Request, args: { params: Promise<Record<string, string>> }) => Promise<Response>;
async function fetchFile(handler: Handler, path: string, id: string, cookie: string, query: Record<string, string> = {}) {
  const url = new URL(`/api/api/invoice/${id}${path}`, ORIGIN);
  for (const [key, value] of Object.entries(query)) url.searchParams.set(key, value);
  const res = await handler(new Request(url, { headers: { cookie } }), { params: Promise.resolve({ id }) });
  return { status: res.status, bytes: new Uint8Array(await res.arrayBuffer()) };
}

import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { einvoiceXml } from "@/lib/einvoice/index";
import { fromScaled, PERCENT_SCALE } from "@/lib/money/decimal";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import type { InvoiceAllowance, InvoiceDocument, InvoiceLine } from "@/lib/schemas/invoice-content";
import { reverseCharge, TAX } from "@/test/einvoice/documents";
import { fatalReport, xpathStrings } from "@/test/einvoice/validator";

/*
 * For random invoices, the totals the XML states (BT-106 … BT-115 and each VAT breakdown)
 * are invoiceTotals' to the cent, in CII and in UBL; and a handful of them pass the
 * EN 16931 validation.
 */

const taxes = Object.values(TAX);

const lineArb: fc.Arbitrary<Omit<InvoiceLine, "id">> = fc
  .record({
    quantity: fc.integer({ min: 1, max: 500_000 }),
    unit_price: fc.integer({ min: 0, max: 2_000_000 }),
    tax: fc.constantFrom(...taxes),
    unit: fc.constantFrom("hour", "piece", "metre", "square_metre", "flat", "bag"),
    discount: fc.option(fc.oneof(fc.record({ percent_milli: fc.integer({ min: 1, max: 50_000 }) }), fc.record({ amount: fc.integer({ min: 1, max: 500 }) })), { nil: null }),
  })
  .map((line) => ({ ...line, price_item: null, name: "Work & parts <1>", description: null, unit_cost: null, source: null }));

const allowanceArb: fc.Arbitrary<Omit<InvoiceAllowance, "id">> = fc.record({
  charge: fc.boolean(),
  reason: fc.constantFrom("Loyalty discount", "Call-out fee", "Waste disposal"),
  amount: fc.integer({ min: 1, max: 2_000 }),
  tax: fc.constantFrom(...taxes),
});

const invoiceArb: fc.Arbitrary<InvoiceDocument> = fc
  .record({
    lines: fc.array(lineArb, { minLength: 1, maxLength: 8 }),
    allowances: fc.array(allowanceArb, { maxLength: 3 }),
    prepaidShare: fc.option(fc.integer({ min: 1, max: 90 }), { nil: null }),
    kind: fc.constantFrom("invoice", "deposit", "credit_note") as fc.Arbitrary<InvoiceDocument["kind"]>,
  })
  .map(({ lines, allowances, prepaidShare, kind }) => {
    const content = {
      sections: [{ id: "s1", title: "", lines: lines.map((line, index) => ({ ...line, id: `l${index}` })) }],
      allowances: allowances.map((item, index) => ({ ...item, id: `a${index}` })),
    };
    const gross = invoiceTotals(content, "EUR").gross;
    const prepayments = prepaidShare && kind === "invoice" && gross > 0 ? [{ invoice: "d1", number: "INV-2026-0001", issued: "2026-01-05", amount: Math.floor((gross * prepaidShare) / 100) }] : [];
    // A German seller and business buyer with both VAT numbers, a delivery date: every category may appear.
    return {
      ...reverseCharge,
      kind,
      corrects: kind === "credit_note" ? { number: "INV-2026-0009", issued: "2026-02-01" } : null,
      content,
      prepayments,
    };
  });

const cents = (amount: number) => fromScaled(amount, 2, true);

/** invoiceTotals' groups as the XML breaks VAT down: one per category code and rate. */
function expectedBreakdown(doc: InvoiceDocument) {
  const merged = new Map<string, { code: string; percent: string; basis: number; tax: number }>();
  for (const group of invoiceTotals(doc.content, doc.currency, doc.prepayments).groups) {
    const key = `${group.code}/${group.percent}`;
    const entry = merged.get(key) ?? { code: group.code, percent: fromScaled(group.percent, PERCENT_SCALE), basis: 0, tax: 0 };
    entry.basis += group.net;
    entry.tax += group.tax;
    merged.set(key, entry);
  }
  return [...merged.values()].map((entry) => ({ ...entry, basis: cents(entry.basis), tax: cents(entry.tax) }));
}

describe("e-invoice totals are invoiceTotals to the cent", () => {
  it("in CII (BT-106 … BT-115, each VAT breakdown)", () => {
    fc.assert(
      fc.property(invoiceArb, (doc) => {
        const totals = invoiceTotals(doc.content, doc.currency, doc.prepayments);
        const xml = einvoiceXml(doc, "xrechnung").xml;
        const sum = (name: string) => xpathStrings(xml, `//*:SpecifiedTradeSettlementHeaderMonetarySummation/*:${name}`);
        expect(sum("LineTotalAmount")).toEqual([cents(totals.lines)]);
        expect(sum("AllowanceTotalAmount")).toEqual(totals.allowances ? [cents(totals.allowances)] : []);
        expect(sum("ChargeTotalAmount")).toEqual(totals.charges ? [cents(totals.charges)] : []);
        expect(sum("TaxBasisTotalAmount")).toEqual([cents(totals.net)]);
        expect(sum("TaxTotalAmount")).toEqual([cents(totals.tax)]);
        expect(sum("GrandTotalAmount")).toEqual([cents(totals.gross)]);
        expect(sum("TotalPrepaidAmount")).toEqual(totals.prepaid ? [cents(totals.prepaid)] : []);
        expect(sum("DuePayableAmount")).toEqual([cents(totals.due)]);
        const taxes = xpathStrings(xml, "//*:ApplicableHeaderTradeSettlement/*:ApplicableTradeTax!(*:CategoryCode, *:RateApplicablePercent, *:BasisAmount, *:CalculatedAmount)");
        expect(taxes).toEqual(expectedBreakdown(doc).flatMap((entry) => [entry.code, entry.percent, entry.basis, entry.tax]));
        expect(xpathStrings(xml, "//*:SpecifiedTradeSettlementLineMonetarySummation/*:LineTotalAmount")).toEqual(doc.content.sections[0].lines.map((line) => cents(totals.lineNets[line.id])));
      }),
      { numRuns: 60 },
    );
  });

  it("in UBL (BT-106 … BT-115, each VAT breakdown)", () => {
    fc.assert(
      fc.property(invoiceArb, (doc) => {
        const totals = invoiceTotals(doc.content, doc.currency, doc.prepayments);
        const xml = einvoiceXml(doc, "ubl").xml;
        const sum = (name: string) => xpathStrings(xml, `/*/*:LegalMonetaryTotal/*:${name}`);
        expect(sum("LineExtensionAmount")).toEqual([cents(totals.lines)]);
        expect(sum("AllowanceTotalAmount")).toEqual(totals.allowances ? [cents(totals.allowances)] : []);
        expect(sum("ChargeTotalAmount")).toEqual(totals.charges ? [cents(totals.charges)] : []);
        expect(sum("TaxExclusiveAmount")).toEqual([cents(totals.net)]);
        expect(xpathStrings(xml, "/*/*:TaxTotal/*:TaxAmount")).toEqual([cents(totals.tax)]);
        expect(sum("TaxInclusiveAmount")).toEqual([cents(totals.gross)]);
        expect(sum("PrepaidAmount")).toEqual(totals.prepaid ? [cents(totals.prepaid)] : []);
        expect(sum("PayableAmount")).toEqual([cents(totals.due)]);
        const taxes = xpathStrings(xml, "/*/*:TaxTotal/*:TaxSubtotal!(*:TaxCategory/*:ID, *:TaxCategory/*:Percent, *:TaxableAmount, *:TaxAmount)");
        expect(taxes).toEqual(expectedBreakdown(doc).flatMap((entry) => [entry.code, entry.percent, entry.basis, entry.tax]));
      }),
      { numRuns: 60 },
    );
  });

  it("and random invoices pass the EN 16931 validation, in CII and UBL", () => {
    fc.assert(
      fc.property(invoiceArb, (doc) => {
        for (const format of ["facturx", "ubl"] as const) {
          const xml = einvoiceXml(doc, format).xml;
          expect(fatalReport(xml), `${format}:\n${xml}`).toBeNull();
        }
      }),
      { numRuns: 6 },
    );
  });
});

import { describe, expect, it } from "vitest";
import type { RateForTotals } from "@/components/quote/quote-values";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import { invoiceUpdateSchema } from "@/lib/schemas/invoice";
import { allowancesToBody, allowancesToValues, invoiceContentOf, sectionsToBody, sectionsToValues, type AnsweredAllowance } from "./invoice-values";

const standard: RateForTotals = { id: "0b8e2c1a-1111-4a4a-8a8a-000000000019", name: "Standard", category: "standard", percent: 19, exemption_reason: null, default: true };
const reduced: RateForTotals = { id: "0b8e2c1a-1111-4a4a-8a8a-000000000007", name: "Reduced", category: "reduced", percent: 7, exemption_reason: null };
const tax = (rate: RateForTotals) => ({ id: rate.id, name: rate.name, category: rate.category, percent: rate.percent, exemption_reason: null });

const sections = [
  {
    id: "sec1",
    title: "Work",
    lines: [
      { id: "l1", price_item: null, name: "Tiling", description: null, quantity: 1.5, unit: "square_metre", unit_price: 10_000, unit_cost: null, discount: { percent: 10 }, tax: tax(standard) },
      { id: "l2", price_item: null, name: "Book", description: "Care guide", quantity: 2, unit: "piece", unit_price: 1_000, unit_cost: 400, discount: null, tax: tax(reduced) },
    ],
  },
];
const allowances: AnsweredAllowance[] = [{ id: "a1", charge: false, reason: "Loyalty", amount: 500, tax: tax(standard) }];

describe("invoice editor values", () => {
  it("reads an answer and writes it back as a body PATCH takes (no quote-only fields)", () => {
    const body = { sections: sectionsToBody(sectionsToValues(sections)), allowances: allowancesToBody(allowancesToValues(allowances)) };
    expect(body.sections[0].lines[0]).not.toHaveProperty("optional");
    expect(body.sections[0].lines[1]).toMatchObject({ id: "l2", name: "Book", description: "Care guide", quantity: 2, tax_rate: reduced.id });
    expect(invoiceUpdateSchema.safeParse(body).success).toBe(true);
  });

  it("gives the totals the server computes: 135.00 at 19 % less a 5.00 allowance, 20.00 at 7 %, a deposit deducted", () => {
    const content = invoiceContentOf(sectionsToValues(sections), allowancesToValues(allowances), [standard, reduced], { sections, allowances });
    const totals = invoiceTotals(content, "EUR", [{ invoice: "x", number: "INV-2026-0001", issued: "2026-01-02", amount: 5_000 }]);
    expect(totals.lineNets).toEqual({ l1: 13_500, l2: 2_000 });
    expect(totals.net).toBe(15_000);
    // 130.00 × 19 % = 24.70; 20.00 × 7 % = 1.40.
    expect(totals.tax).toBe(2_610);
    expect(totals.gross).toBe(17_610);
    expect(totals.due).toBe(12_610);
  });

  it("takes the default rate for an allowance without one", () => {
    const content = invoiceContentOf([], [{ id: "c1", charge: true, reason: "Call-out", amount: 3_000, tax_rate: null }], [standard, reduced], { sections: [], allowances: [] });
    expect(content.allowances[0].tax.percent_milli).toBe(19_000);
    expect(invoiceTotals(content, "EUR").gross).toBe(3_570);
  });
});

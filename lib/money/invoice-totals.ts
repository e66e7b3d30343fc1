import type { InvoiceAllowance, InvoiceContent, InvoiceLine, InvoicePrepayment } from "@/lib/schemas/invoice-content";
import { safe, type Minor } from "./decimal";
import { lineNet, totals, type Line, type Totals } from "./totals";

/**
 * An invoice's totals as EN 16931 states them, which the editor, the PDF, the public page,
 * the e-invoices, the API and the exports all show (they call this and nothing else):
 * each rate's taxable amount is its lines' nets less its document allowances plus its
 * charges (BT-116), taxed once (BT-117); the amount due is the gross less what deposit
 * invoices already billed (BT-113). Every figure is minor units.
 */
export type InvoiceTotals = Totals & {
  /** Each line's net (quantity × unit price − discount), by line id (BT-131). */
  lineNets: Record<string, Minor>;
  /** Each section's subtotal. */
  sections: { id: string; net: Minor }[];
  /** Sum of line nets (BT-106), of document allowances (BT-107) and of charges (BT-108). */
  lines: Minor;
  allowances: Minor;
  charges: Minor;
  /** Deposits billed before (BT-113) and what is left to pay (BT-115). */
  prepaid: Minor;
  due: Minor;
};

const ONE = 1000; // a quantity of 1, in thousandths

export const asInvoiceMoneyLine = (line: Pick<InvoiceLine, "quantity" | "unit_price" | "discount" | "tax">): Line => ({
  quantity: line.quantity,
  unitPrice: line.unit_price,
  discount: line.discount === null ? null : "amount" in line.discount ? { amount: line.discount.amount } : { percent: line.discount.percent_milli },
  tax: { category: line.tax.category, percent: line.tax.percent_milli, exemptionReason: line.tax.exemption_reason, id: line.tax.id },
});

/** A document allowance (charge) as a line of its rate whose net is minus (plus) its amount. */
const asAllowanceLine = (allowance: InvoiceAllowance): Line =>
  asInvoiceMoneyLine({ quantity: ONE, unit_price: allowance.charge ? allowance.amount : -allowance.amount, discount: null, tax: allowance.tax });

export function invoiceTotals(content: InvoiceContent, currency: string, prepayments: readonly InvoicePrepayment[] = []): InvoiceTotals {
  const lineNets: Record<string, Minor> = {};
  const moneyLines: Line[] = [];
  let lineSum = 0n;
  const sections = content.sections.map((section) => {
    let net = 0n;
    for (const line of section.lines) {
      const moneyLine = asInvoiceMoneyLine(line);
      const value = lineNet(moneyLine);
      lineNets[line.id] = value;
      moneyLines.push(moneyLine);
      net += BigInt(value);
    }
    lineSum += net;
    return { id: section.id, net: safe(net) };
  });
  const sum = (items: readonly InvoiceAllowance[]) => safe(items.reduce((total, item) => total + BigInt(item.amount), 0n));
  const allowances = sum(content.allowances.filter((item) => !item.charge));
  const charges = sum(content.allowances.filter((item) => item.charge));
  const byRate = totals([...moneyLines, ...content.allowances.map(asAllowanceLine)], currency);
  const prepaid = safe(prepayments.reduce((total, item) => total + BigInt(item.amount), 0n));
  return {
    ...byRate,
    lineNets,
    sections,
    lines: safe(lineSum),
    allowances,
    charges,
    prepaid,
    due: safe(BigInt(byRate.gross) - BigInt(prepaid)),
  };
}

import { translatorFor } from "@/lib/i18n/messages";
import { currencyDecimals } from "@/lib/money/currency";
import { fromScaled, PERCENT_SCALE, QUANTITY_SCALE, type Minor } from "@/lib/money/decimal";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import { EN16931_VAT_CODES, ZERO_RATED, type En16931VatCode } from "@/lib/money/tax";
import { lineNet } from "@/lib/money/totals";
import { vatNumber } from "@/lib/schemas/bank";
import type { InvoiceDocument, InvoiceLineTax } from "@/lib/schemas/invoice-content";
import type { DocumentAddress } from "@/lib/schemas/quote-content";
import { UNIT_CODES, VAT_SCHEMES, type EinvoiceProfile } from "./codes";

/**
 * An invoice as the EN 16931 semantic model states it, the one mapping both syntaxes
 * (CII in cii.ts, UBL in ubl.ts) print: every amount from invoiceTotals, formatted with
 * the currency's decimals; codes chosen (document type, VAT categories, units, payment
 * means, electronic addresses); and what the chosen specification needs but the invoice
 * lacks, refused with the business terms it misses (EinvoiceIncomplete).
 */

/** A business term the chosen specification requires and the invoice does not have. */
export type EinvoiceGap = { term: string; field: string };

export class EinvoiceIncomplete extends Error {
  constructor(
    readonly profile: EinvoiceProfile,
    readonly missing: EinvoiceGap[],
  ) {
    const name = { en16931: "An EN 16931", xrechnung: "An XRechnung", peppol: "A Peppol BIS Billing 3.0" }[profile];
    super(`${name} e-invoice needs ${missing.map((gap) => `${gap.field} (${gap.term})`).join(", ")}`);
    this.name = "EinvoiceIncomplete";
  }
}

export type ModelAddress = { line1: string | null; line2: string | null; zip: string | null; city: string | null; state: string | null; country: string };
export type ElectronicAddress = { scheme: string; id: string };
export type ModelParty = {
  /** BT-27 / BT-44: the legal name. */
  name: string;
  /** BT-28: the name it trades under, when it differs. */
  tradingName: string | null;
  /** BT-31 / BT-48. */
  vatId: string | null;
  /** BT-32: a tax number that is not a VAT identifier. */
  taxNumber: string | null;
  /** BT-30. */
  registration: string | null;
  address: ModelAddress;
  /** BT-34 / BT-49. */
  endpoint: ElectronicAddress | null;
  contact: { name: string | null; phone: string | null; email: string | null } | null;
};
export type ModelVat = { code: En16931VatCode; percent: string };
export type ModelLine = {
  id: string;
  name: string;
  description: string | null;
  quantity: string;
  unitCode: string;
  /** BT-146: the net price (never negative, BR-27: a negative price is a negative quantity). */
  price: string;
  /** BT-136: what the line's discount takes off quantity × price; null without one. */
  allowance: string | null;
  net: string;
  vat: ModelVat;
};
export type ModelAllowance = { charge: boolean; amount: string; reason: string; vat: ModelVat };
export type ModelBreakdown = ModelVat & { basis: string; tax: string; exemptionReason: string | null; exemptionCode: string | null };
export type ModelPayment = { code: "58" | "30"; account: string; accountName: string; bic: string | null; branch: string | null; remittance: string };

export type EinvoiceModel = {
  profile: EinvoiceProfile;
  creditNote: boolean;
  number: string;
  /** UNTDID 1001: 380 invoice, 386 prepayment (deposit) invoice, 381 credit note. */
  typeCode: "380" | "381" | "386";
  issued: string;
  due: string | null;
  delivered: string | null;
  currency: string;
  notes: string[];
  buyerReference: string | null;
  purchaseOrder: string | null;
  preceding: { number: string; issued: string } | null;
  seller: ModelParty;
  buyer: ModelParty;
  deliverTo: { name: string | null; address: ModelAddress } | null;
  payment: ModelPayment | null;
  paymentTerms: string | null;
  lines: ModelLine[];
  allowances: ModelAllowance[];
  breakdown: ModelBreakdown[];
  totals: { lines: string; allowances: string | null; charges: string | null; net: string; tax: string; gross: string; prepaid: string | null; due: string };
};

const VAT_SHAPE = /^[A-Z]{2}[A-Z0-9+*.]{2,}$/;

const blank = (value: string | null | undefined) => !value || !value.trim();

export function buildModel(doc: InvoiceDocument, profile: EinvoiceProfile): EinvoiceModel {
  const decimals = currencyDecimals(doc.currency);
  const money = (amount: Minor) => fromScaled(amount, decimals, true);
  const totals = invoiceTotals(doc.content, doc.currency, doc.prepayments);
  const t = translatorFor(doc.language);
  const missing: EinvoiceGap[] = [];
  const need = (absent: boolean, term: string, field: string) => {
    if (absent) missing.push({ term, field });
  };

  const vatOf = (tax: InvoiceLineTax): ModelVat => ({
    code: EN16931_VAT_CODES[tax.category],
    percent: fromScaled(ZERO_RATED.has(tax.category) ? 0 : tax.percent_milli, PERCENT_SCALE),
  });

  const lines: ModelLine[] = [];
  for (const section of doc.content.sections)
    for (const line of section.lines) {
      // BR-27: a price is never negative; a line that takes back is a negative quantity at a positive price.
      const sign = line.unit_price < 0 ? -1 : 1;
      const quantity = sign * line.quantity;
      const price = sign * line.unit_price;
      const net = totals.lineNets[line.id];
      const gross = lineNet({ quantity, unitPrice: price, discount: null });
      lines.push({
        id: String(lines.length + 1),
        name: line.name,
        description: line.description,
        quantity: fromScaled(quantity, QUANTITY_SCALE),
        unitCode: UNIT_CODES[line.unit] ?? "C62",
        price: money(price),
        allowance: gross === net ? null : money(gross - net),
        net: money(net),
        vat: vatOf(line.tax),
      });
    }
  need(!lines.length, "BG-25", "lines");
  // BR-DEC-*: EN 16931 amounts have at most two decimals, so a currency of three (BHD, KWD) has no valid e-invoice.
  need(decimals > 2, "BT-5", "currency");

  const allowances = doc.content.allowances.map((item) => ({
    charge: item.charge,
    amount: money(item.amount),
    reason: item.reason.trim() || (item.charge ? "Charge" : "Discount"),
    vat: vatOf(item.tax),
  }));

  // One breakdown per category and rate (BR-S-08, BR-E-08 … sum every line of a category and rate into one).
  const merged = new Map<string, { code: En16931VatCode; percent: number; net: number; tax: number; reasons: string[] }>();
  for (const group of totals.groups) {
    const key = `${group.code}/${group.percent}`;
    const entry = merged.get(key) ?? { code: group.code, percent: group.percent, net: 0, tax: 0, reasons: [] };
    entry.net += group.net;
    entry.tax += group.tax;
    if (group.exemptionReason && !entry.reasons.includes(group.exemptionReason)) entry.reasons.push(group.exemptionReason);
    merged.set(key, entry);
  }
  const legalNotes: string[] = [];
  const breakdown: ModelBreakdown[] = [...merged.values()].map((entry) => {
    const reason = entry.reasons.join("; ") || null;
    let exemptionReason: string | null = null;
    let exemptionCode: string | null = null;
    if (entry.code === "E") {
      exemptionReason = reason;
      need(!reason, "BT-120", "exemption_reason");
    } else if (entry.code === "AE") {
      exemptionReason = reason ?? t("document.totals.reverseCharge");
      exemptionCode = "VATEX-EU-AE";
      legalNotes.push(t("document.totals.reverseCharge"));
    } else if (entry.code === "K") {
      exemptionReason = reason ?? t("document.totals.intraCommunity");
      exemptionCode = "VATEX-EU-IC";
      legalNotes.push(t("document.totals.intraCommunity"));
    }
    return { code: entry.code, percent: fromScaled(entry.percent, PERCENT_SCALE), basis: money(entry.net), tax: money(entry.tax), exemptionReason, exemptionCode };
  });
  const codes = new Set(breakdown.map((entry) => entry.code));

  // The seller.
  const seller = doc.seller;
  need(blank(seller.country), "BT-40", "seller.country");
  const sellerCountry = seller.country ?? "";
  const sellerTaxId = seller.tax_id?.trim() || null;
  const sellerVat = sellerTaxId && VAT_SHAPE.test(sellerTaxId) ? sellerTaxId : null;
  need(!sellerTaxId, "BT-31", "seller.tax_id");
  need(!!sellerTaxId && !sellerVat && blank(seller.registration), "BT-30", "seller.registration");
  need(codes.has("K") && !sellerVat, "BT-31", "seller.tax_id");
  const sellerParty: ModelParty = {
    name: seller.legal_name?.trim() || seller.name,
    tradingName: seller.legal_name?.trim() && seller.legal_name.trim() !== seller.name ? seller.name : null,
    vatId: sellerVat,
    taxNumber: sellerVat ? null : sellerTaxId,
    registration: seller.registration,
    address: addressOf(seller, sellerCountry),
    endpoint: endpointOf(sellerVat, seller.email, profile),
    contact: seller.phone || seller.email ? { name: seller.name, phone: seller.phone, email: seller.email } : null,
  };

  // The buyer: a customer without a country is taken to be in the seller's.
  const buyer = doc.buyer;
  const buyerCountry = buyer.country || sellerCountry;
  const buyerVat = buyer.vat_number?.trim() ? vatNumber(buyer.vat_number, buyerCountry) : null;
  need(codes.has("AE") && !buyerVat, "BT-48", "buyer.vat_number");
  need(codes.has("K") && !buyerVat, "BT-48", "buyer.vat_number");
  const buyerParty: ModelParty = {
    name: buyer.name,
    tradingName: null,
    vatId: buyerVat,
    taxNumber: null,
    registration: null,
    address: addressOf(buyer, buyerCountry),
    endpoint: endpointOf(buyerVat, buyer.email, profile),
    contact: buyer.phone || buyer.email ? { name: null, phone: buyer.phone, email: buyer.email } : null,
  };

  // Where the work was done; an intra-community supply names where the goods went (BR-IC-12), the buyer's address unless a site is given.
  const deliverTo = doc.site
    ? { name: doc.site.name, address: addressOf(doc.site, doc.site.country || buyerCountry) }
    : codes.has("K")
      ? { name: buyer.name, address: buyerParty.address }
      : null;
  need(codes.has("K") && !doc.delivered, "BT-72", "delivered");

  const bank = seller.bank;
  const payment: ModelPayment | null = bank
    ? "iban" in bank
      ? { code: "58", account: bank.iban, accountName: sellerParty.name, bic: bank.bic, branch: bank.bic, remittance: doc.number }
      : { code: "30", account: `${bank.sort_code}${bank.account_number}`, accountName: sellerParty.name, bic: null, branch: bank.sort_code, remittance: doc.number }
    : null;

  const notes = [...(doc.notes?.trim() ? [doc.notes.trim()] : []), ...new Set(legalNotes)];
  // BR-CO-25: an amount due needs a due date or payment terms; without either it is due on issue.
  const due = doc.due ?? (totals.due > 0 && blank(doc.payment_terms) ? doc.issued : null);

  if (profile === "xrechnung") {
    need(blank(doc.buyer_reference), "BT-10", "buyer_reference");
    need(blank(seller.city), "BT-37", "seller.city");
    need(blank(seller.zip), "BT-38", "seller.zip");
    need(blank(seller.phone), "BT-42", "seller.phone");
    need(blank(seller.email), "BT-43", "seller.email");
    need(blank(buyer.city), "BT-52", "buyer.city");
    need(blank(buyer.zip), "BT-53", "buyer.zip");
    need(!!deliverTo && blank(deliverTo.address.city), "BT-77", "site.city");
    need(!!deliverTo && blank(deliverTo.address.zip), "BT-78", "site.zip");
    need(!payment, "BG-16", "seller.bank");
  }
  if (profile === "xrechnung") {
    need(!sellerParty.endpoint, "BT-34", "seller.email");
    need(!buyerParty.endpoint, "BT-49", "buyer.email");
  }
  if (profile === "peppol") {
    need(!sellerParty.endpoint, "BT-34", "seller.tax_id");
    need(!buyerParty.endpoint, "BT-49", "buyer.vat_number");
  }
  if (profile === "peppol") need(blank(doc.buyer_reference) && blank(doc.purchase_order), "BT-10", "buyer_reference");
  if (missing.length) throw new EinvoiceIncomplete(profile, dedupe(missing));

  const creditNote = doc.kind === "credit_note";
  return {
    profile,
    creditNote,
    number: doc.number,
    // XRechnung (BR-DE-17), and Peppol's German rules (DE-R-017), know no prepayment invoice type: a deposit invoice is an invoice there.
    typeCode: creditNote ? "381" : doc.kind === "deposit" && profile !== "xrechnung" && !(profile === "peppol" && sellerCountry === "DE") ? "386" : "380",
    issued: doc.issued,
    due,
    delivered: doc.delivered,
    currency: doc.currency,
    notes,
    buyerReference: doc.buyer_reference?.trim() || null,
    purchaseOrder: doc.purchase_order?.trim() || null,
    preceding: doc.corrects,
    seller: sellerParty,
    buyer: buyerParty,
    deliverTo,
    payment,
    paymentTerms: doc.payment_terms?.trim() || null,
    lines,
    allowances,
    breakdown,
    totals: {
      lines: money(totals.lines),
      allowances: totals.allowances ? money(totals.allowances) : null,
      charges: totals.charges ? money(totals.charges) : null,
      net: money(totals.net),
      tax: money(totals.tax),
      gross: money(totals.gross),
      prepaid: totals.prepaid ? money(totals.prepaid) : null,
      due: money(totals.due),
    },
  };
}

function addressOf(address: DocumentAddress, country: string): ModelAddress {
  return { line1: address.line1, line2: address.line2, zip: address.zip, city: address.city, state: address.state, country: country.toUpperCase() };
}

/** BT-34 / BT-49: the VAT number under its country's scheme, else (outside Peppol) the email address. */
function endpointOf(vatId: string | null, email: string | null, profile: EinvoiceProfile): ElectronicAddress | null {
  const scheme = vatId ? VAT_SCHEMES[vatId.slice(0, 2)] : undefined;
  if (vatId && scheme) return { scheme, id: vatId };
  return email?.trim() && profile !== "peppol" ? { scheme: "EM", id: email.trim() } : null;
}

function dedupe(gaps: EinvoiceGap[]): EinvoiceGap[] {
  const seen = new Set<string>();
  return gaps.filter((gap) => !seen.has(gap.field) && !!seen.add(gap.field));
}

/** YYYY-MM-DD as CII's format 102 (YYYYMMDD). */
export const date102 = (day: string) => day.replaceAll("-", "");

import "server-only";
import { translatorFor } from "@/lib/i18n/messages";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import type { Minor } from "@/lib/money/decimal";
import { formatMoney } from "@/lib/money/format";
import { invoiceTotals, type InvoiceTotals } from "@/lib/money/invoice-totals";
import type { InvoiceBank, InvoiceDocument, InvoiceKind } from "@/lib/schemas/invoice-content";
import { drawAddressBlocks, drawHeading, drawLink, drawTotals, type TotalRow } from "./blocks";
import { finishDocument, startDocument } from "./document";
import { addressLines, formatDay } from "./format";
import { COLORS, type Flow } from "./layout";
import { drawLineTable, hasDiscounts, sectionRows } from "./lines";
import { taxGroupRows, taxRateLabel, taxTotalRows, type Translator } from "./parts";

export type InvoicePdfOptions = {
  /** The business's logo, PNG or JPEG. */
  logo?: Uint8Array | null;
  /** A draft (not issued yet): marked DRAFT on every page. */
  draft?: boolean;
  /** The invoice's online payment page (its public link), printed as a link under the bank details. */
  payUrl?: string | null;
};

type Words = { locale: string; t: Translator; money: (amount: Minor) => string };

/** The document's name by its kind, with its number once it has one. */
function documentName(kind: InvoiceKind, number: string, t: Translator): string {
  if (kind === "credit_note") return number ? t("document.invoice.creditNumbered", { number }) : t("document.invoice.creditName");
  if (kind === "deposit") return number ? t("document.invoice.depositNumbered", { number }) : t("document.invoice.depositName");
  return number ? t("document.invoice.numbered", { number }) : t("document.invoice.name");
}

/**
 * The PDF's name and title, language and author, as its Info dictionary states them (and a
 * Factur-X made of it, lib/einvoice/facturx.ts, restates them in its XMP).
 */
export function invoicePdfMeta(document: InvoiceDocument) {
  const language = isLocale(document.language) ? document.language : DEFAULT_LOCALE;
  const name = documentName(document.kind, document.number, translatorFor(language));
  return {
    name,
    title: document.title ? `${name} – ${document.title}` : name,
    number: document.number,
    issued: document.issued,
    language,
    seller: document.seller.legal_name || document.seller.name,
  };
}

/**
 * An invoice, a deposit invoice or a credit note as a PDF in its customer's language,
 * from its frozen document alone: the business with its VAT id and registration, the
 * buyer with theirs, the deliver-to site, the dates and references, the lines by section,
 * document allowances and charges, the tax breakdown per rate and category with the legal
 * notes its categories need, the deposits deducted, the amount due, and how to pay. Every
 * figure comes from lib/money/invoice-totals.ts; a line's cost is never printed.
 * Reproducible: the same input gives the same bytes.
 */
export async function invoicePdf(document: InvoiceDocument, options: InvoicePdfOptions = {}): Promise<Uint8Array> {
  const locale = isLocale(document.language) ? document.language : DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const words: Words = { locale, t, money: (amount) => formatMoney(amount, document.currency, locale) };
  const totals = invoiceTotals(document.content, document.currency, document.prepayments);
  const credit = document.kind === "credit_note";

  const { name, title } = invoicePdfMeta(document);
  const flow = await startDocument({
    name,
    title,
    locale,
    t,
    seller: document.seller,
    logo: options.logo,
    at: new Date(`${document.issued}T12:00:00Z`),
    draft: options.draft ? t("document.draft") : null,
  });

  drawParties(flow, document, words);
  drawHeading(flow, name, { size: 16, after: 2 });
  if (document.title) drawHeading(flow, document.title, { size: 12, after: 6 });
  if (credit && document.corrects)
    flow.paragraph(t("document.invoice.corrects", { number: document.corrects.number, date: formatDay(document.corrects.issued, locale) }), flow.style(9.5), { after: 8 });

  const { sections, allowances } = document.content;
  const discounts = hasDiscounts(sections);
  const lineContext = { flow, ...words, discounts };
  drawLineTable(flow, sectionRows(sections, totals, lineContext), lineContext);

  const taxes = taxGroupRows(
    [...sections.flatMap((section) => section.lines.map((line) => line.tax)), ...allowances.map((allowance) => allowance.tax)],
    totals.groups,
    { ...words, vatIds: { seller: document.seller.tax_id, buyer: document.buyer.vat_number } },
  );
  drawTotals(flow, totalRows(document, totals, taxes.rows, words));
  for (const note of taxes.notes) flow.paragraph(note, flow.style(8.5, { color: COLORS.muted }), { after: 2 });

  if (!credit) drawPayment(flow, document, totals, options.payUrl ?? null, words);

  if (document.notes) {
    flow.down(8);
    drawHeading(flow, t("document.invoice.notes"), { size: 10 });
    flow.paragraph(document.notes, flow.style(9), { after: 4 });
  }

  return finishDocument(flow, { seller: document.seller, locale, t });
}

/** The buyer (with their VAT id) and the deliver-to site on the left; number, dates and references on the right. */
function drawParties(flow: Flow, document: InvoiceDocument, { locale, t }: Words) {
  const home = document.seller.country;
  const buyer = [document.buyer.name, ...addressLines(document.buyer, locale, home)];
  if (document.buyer.vat_number) buyer.push(t("document.party.vatId", { value: document.buyer.vat_number }));
  const blocks = [{ label: t("document.party.customer"), lines: buyer }];
  if (document.site) {
    const siteLines = [document.site.name, ...addressLines(document.site, locale, home)].filter((line): line is string => !!line);
    if (siteLines.length) blocks.push({ label: t("document.party.deliverTo"), lines: siteLines });
  }
  const fact = (label: string, value: string | null, bold = false) => (value ? [{ label, value, bold }] : []);
  const credit = document.kind === "credit_note";
  drawAddressBlocks(flow, blocks, [
    ...fact(credit ? t("document.invoice.creditNumber") : t("document.invoice.number"), document.number, true),
    ...fact(t("document.invoice.issued"), formatDay(document.issued, locale)),
    ...fact(t("document.invoice.due"), !credit && document.due ? formatDay(document.due, locale) : null),
    ...fact(t("document.invoice.delivered"), document.delivered ? formatDay(document.delivered, locale) : null),
    ...fact(t("document.invoice.buyerReference"), document.buyer_reference),
    ...fact(t("document.invoice.purchaseOrder"), document.purchase_order),
    ...fact(t("document.invoice.quote"), document.quote),
  ]);
}

/**
 * The sum of the lines, the document's allowances and charges (when it has any), net, tax
 * per rate, gross; then each deposit invoice deducted and the amount due (credited).
 */
function totalRows(document: InvoiceDocument, totals: InvoiceTotals, taxes: { label: string; tax: Minor }[], { locale, t, money }: Words): TotalRow[] {
  const rows: TotalRow[] = [];
  const { allowances } = document.content;
  if (allowances.length) {
    rows.push({ label: t("document.invoice.linesTotal"), value: money(totals.lines) });
    for (const item of allowances) {
      const values = { reason: item.reason, rate: taxRateLabel(item, locale) };
      rows.push(
        item.charge
          ? { label: t("document.invoice.charge", values), value: money(item.amount) }
          : { label: t("document.invoice.allowance", values), value: `−${money(item.amount)}` },
      );
    }
  }
  rows.push(...taxTotalRows(totals, taxes, { money, t }));
  for (const prepayment of document.prepayments)
    rows.push({
      label: t("document.invoice.prepayment", { number: prepayment.number, date: formatDay(prepayment.issued, locale) }),
      value: `−${money(prepayment.amount)}`,
    });
  const credit = document.kind === "credit_note";
  rows.push({
    label: credit ? t("document.invoice.amountCredited") : t("document.invoice.amountDue"),
    value: money(totals.due),
    bold: true,
    ruleAbove: true,
  });
  return rows;
}

/** The payment terms, what to pay by when with which reference, the bank account, and the online payment link. */
function drawPayment(flow: Flow, document: InvoiceDocument, totals: InvoiceTotals, payUrl: string | null, { locale, t, money }: Words) {
  const bank = document.seller.bank;
  const lines: string[] = [];
  if (document.payment_terms) lines.push(document.payment_terms);
  if (totals.due > 0) {
    const values = { amount: money(totals.due), number: document.number || "—" };
    lines.push(document.due ? t("document.invoice.payBy", { ...values, date: formatDay(document.due, locale) }) : t("document.invoice.payNow", values));
  }
  const account = bank ? bankLines(bank, document.seller.legal_name || document.seller.name, t) : [];
  const link = payUrl && totals.due > 0 ? payUrl : null;
  if (!lines.length && !account.length && !link) return;
  flow.down(8);
  drawHeading(flow, t("document.invoice.payment"), { size: 10, keep: 40 });
  for (const line of lines) flow.paragraph(line, flow.style(9), { after: 2 });
  if (account.length) {
    flow.down(2);
    // The account itself (IBAN, account number) in bold under its holder.
    account.forEach((line, index) => flow.paragraph(line, flow.style(9, { bold: index === 1 })));
  }
  if (link) {
    flow.down(4);
    drawLink(flow, { label: t("document.invoice.payOnline"), url: link });
  }
  flow.down(4);
}

/** The account holder and the account: IBAN and BIC, or a UK account number and sort code. */
function bankLines(bank: InvoiceBank, holder: string, t: Translator): string[] {
  const lines = [t("document.invoice.accountHolder", { name: holder })];
  if ("iban" in bank) {
    lines.push(t("document.invoice.iban", { iban: groupIban(bank.iban) }));
    if (bank.bic) lines.push(t("document.invoice.bic", { bic: bank.bic }));
  } else {
    lines.push(t("document.invoice.accountNumber", { number: bank.account_number }));
    lines.push(t("document.invoice.sortCode", { code: bank.sort_code }));
  }
  return lines;
}

/** An IBAN as it is written for people: in groups of four. */
const groupIban = (iban: string) => iban.replace(/\s+/g, "").toUpperCase().replace(/(.{4})(?=.)/g, "$1 ");

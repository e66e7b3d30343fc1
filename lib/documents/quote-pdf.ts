import "server-only";
import { PDFDocument } from "pdf-lib";
import { translatorFor } from "@/lib/i18n/messages";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/money/format";
import { lineCounts, quoteTotals, type OptionTotals } from "@/lib/money/quote-totals";
import type { QuoteChoice, QuoteDocument, QuoteLine, QuoteOption } from "@/lib/schemas/quote-content";
import type { QuoteStatus } from "@/lib/schemas/quote-values";
import { drawAddressBlocks, drawFooters, drawHeading, drawLetterhead, drawSignature, drawTable, drawTotals, drawWatermark, type Column, type Span, type TableRow, type TotalRow } from "./blocks";
import { embedFonts } from "./fonts";
import { addressLines, formatDay, formatInstant, formatPercent, formatQuantity } from "./format";
import { embedImage } from "./images";
import { COLORS, Flow } from "./layout";
import { sellerDetails, sellerLegalLines, taxGroupRows, taxRateLabel, unitName, type Translator } from "./parts";

export type QuotePdfInput = {
  document: QuoteDocument;
  status?: QuoteStatus;
  /** The customer's answer: the option chosen (the others are printed as declined) and the optional lines ticked. */
  choice?: QuoteChoice | null;
  signature?: { name: string; at: Date; png: Uint8Array } | null;
  /** The business's logo, PNG or JPEG. */
  logo?: Uint8Array | null;
  /** A preview of a revision not yet sent: marked DRAFT on every page. */
  draft?: boolean;
  /** The zone the signature's time is printed in (the organization's); UTC unless told. */
  timeZone?: string;
};

/** Statuses a quote's PDF states (a draft, sent or viewed quote is simply the offer). */
const STATUS_SHOWN: Partial<Record<QuoteStatus, string>> = {
  approved: "document.quote.status.approved",
  declined: "document.quote.status.declined",
  changes_requested: "document.quote.status.changes_requested",
  expired: "document.quote.status.expired",
};

/**
 * A quote revision as a PDF in its customer's language: the business, the customer and
 * site, the options with their sections, lines and totals per tax rate (all figures from
 * lib/money/quote-totals.ts), the deposit, terms and validity, and the customer's
 * signature once approved. Reproducible: the same input gives the same bytes.
 */
export async function renderQuotePdf(input: QuotePdfInput): Promise<Uint8Array> {
  const { document } = input;
  const locale = isLocale(document.language) ? document.language : DEFAULT_LOCALE;
  const t = translatorFor(locale);
  const money = (amount: number) => formatMoney(amount, document.currency, locale);
  const choice = input.choice ?? null;
  const chosen = choice ? document.content.options.find((option) => option.id === choice.option) ?? null : null;
  const totals = quoteTotals(document.content, document.currency, document.deposit, chosen ? choice : null);

  const pdf = await PDFDocument.create({ updateMetadata: false });
  const fonts = await embedFonts(pdf);
  const name = document.number ? t("document.quote.numbered", { number: document.number }) : t("document.quote.name");
  const stamp = input.signature?.at ?? new Date(`${document.issued}T12:00:00Z`);
  pdf.setTitle(document.title ? `${name} – ${document.title}` : name, { showInWindowTitleBar: true });
  pdf.setAuthor(document.seller.legal_name || document.seller.name);
  pdf.setSubject(name);
  pdf.setLanguage(locale);
  pdf.setCreator("Craftdesk");
  pdf.setProducer("Craftdesk");
  if (!Number.isNaN(stamp.getTime())) {
    pdf.setCreationDate(stamp);
    pdf.setModificationDate(stamp);
  }

  const draft = t("document.quote.draft");
  const flow = new Flow(pdf, fonts, (input.draft ?? input.status === "draft") ? (self, page) => drawWatermark(self, page, draft) : null);
  const [logo, signatureImage] = await Promise.all([embedImage(pdf, input.logo), embedImage(pdf, input.signature?.png)]);

  drawLetterhead(flow, { logo, name: document.seller.name, details: sellerDetails(document.seller, locale, t) });
  flow.continuation = (page) => {
    page.text(`${name} · ${document.seller.name}`, page.left, page.y, page.style(8, { color: COLORS.muted }));
    page.down(18);
  };

  const home = document.seller.country;
  const blocks = [{ label: t("document.party.customer"), lines: [document.buyer.name, ...addressLines(document.buyer, locale, home)] }];
  if (document.site) {
    const siteLines = [document.site.name, ...addressLines(document.site, locale, home)].filter((line): line is string => !!line);
    if (siteLines.length) blocks.push({ label: t("document.party.site"), lines: siteLines });
  }
  const facts = [
    ...(document.number ? [{ label: t("document.quote.number"), value: document.number, bold: true }] : []),
    ...(document.revision > 1 ? [{ label: t("document.quote.revision"), value: String(document.revision) }] : []),
    { label: t("document.quote.issued"), value: formatDay(document.issued, locale) },
    ...(document.valid_until ? [{ label: t("document.quote.validUntil"), value: formatDay(document.valid_until, locale) }] : []),
    ...(input.status && STATUS_SHOWN[input.status] ? [{ label: t("document.quote.status.label"), value: t(STATUS_SHOWN[input.status] as "document.quote.status.approved"), bold: true }] : []),
  ];
  drawAddressBlocks(flow, blocks, facts);

  drawHeading(flow, name, { size: 16, after: 2 });
  if (document.title) drawHeading(flow, document.title, { size: 12, after: 6 });
  if (document.introduction) flow.paragraph(document.introduction, flow.style(9.5), { after: 8 });

  const several = document.content.options.length > 1;
  if (several && !chosen) flow.paragraph(t("document.quote.chooseOne", { count: document.content.options.length }), flow.style(9.5, { color: COLORS.muted }), { after: 6 });

  document.content.options.forEach((option, index) => {
    const mark = !several ? null : !chosen ? "offered" : chosen.id === option.id ? "chosen" : "declined";
    drawOption(flow, option, index, totals[index], { locale, money, t, mark, choice: chosen?.id === option.id ? choice : null, deposit: document.deposit });
  });

  if (document.terms) {
    flow.down(8);
    drawHeading(flow, t("document.quote.terms"), { size: 10 });
    flow.paragraph(document.terms, flow.style(9), { after: 4 });
  }
  if (document.valid_until) flow.paragraph(t("document.quote.validity", { date: formatDay(document.valid_until, locale) }), flow.style(9), { after: 8 });

  if (input.signature) {
    const at = formatInstant(input.signature.at, locale, input.timeZone ?? "UTC");
    const lines = [t("document.quote.signature.by", { name: input.signature.name }), t("document.quote.signature.at", { day: at.day, time: at.time })];
    if (chosen && several) lines.unshift(t("document.quote.signature.option", { name: chosen.name }));
    flow.down(8);
    drawSignature(flow, { title: t("document.quote.signature.title"), image: signatureImage, lines });
  }

  drawFooters(flow, { lines: sellerLegalLines(document.seller, locale, t), pageLabel: (page, pages) => t("document.page", { page, pages }) });
  return pdf.save({ useObjectStreams: false });
}

type OptionContext = {
  locale: string;
  money: (amount: number) => string;
  t: Translator;
  /** Offered among several, chosen or declined by the customer; null when it is the only one. */
  mark: "offered" | "chosen" | "declined" | null;
  choice: QuoteChoice | null;
  deposit: QuoteDocument["deposit"];
};

/** One option: its heading and mark when there are several, its line table, its totals and tax notes. */
function drawOption(flow: Flow, option: QuoteOption, index: number, totals: OptionTotals, context: OptionContext) {
  const { locale, money, t, mark, choice } = context;
  if (mark) {
    const heading = t("document.quote.option", { number: index + 1, name: option.name });
    const suffix = mark === "chosen" ? t("document.quote.chosen") : mark === "declined" ? t("document.quote.declined") : null;
    flow.down(6);
    drawHeading(flow, suffix ? `${heading} — ${suffix}` : heading, { size: 12, color: mark === "declined" ? COLORS.muted : COLORS.text, keep: 90 });
  }
  if (option.description) flow.paragraph(option.description, flow.style(9, { color: COLORS.muted }), { after: 4 });
  const discounts = option.sections.some((section) => section.lines.some((line) => line.discount !== null));
  drawTable(flow, lineColumns(flow.width, t, discounts), optionRows(option, totals, { flow, locale, money, t, choice, discounts }));
  const taxes = taxGroupRows(option, totals.totals.groups, { locale, t, money });
  drawTotals(flow, totalRows(totals, taxes.rows, { money, locale, t, deposit: mark === "declined" ? null : context.deposit }));
  for (const note of taxes.notes) flow.paragraph(note, flow.style(8, { color: COLORS.muted }), { after: 2 });
}

/** The line table's columns; the discount's only when a line of the option has one. */
function lineColumns(width: number, t: Translator, discounts: boolean): Column[] {
  const fixed = { quantity: 64, unitPrice: 66, discount: discounts ? 50 : 0, tax: 40, amount: 72 };
  return [
    { label: t("document.column.description"), width: width - Object.values(fixed).reduce((a, b) => a + b, 0), align: "left" },
    { label: t("document.column.quantity"), width: fixed.quantity, align: "right" },
    { label: t("document.column.unitPrice"), width: fixed.unitPrice, align: "right" },
    ...(discounts ? [{ label: t("document.column.discount"), width: fixed.discount, align: "right" as const }] : []),
    { label: t("document.column.tax"), width: fixed.tax, align: "right" },
    { label: t("document.column.amount"), width: fixed.amount, align: "right" },
  ];
}

type RowContext = { flow: Flow; locale: string; money: (amount: number) => string; t: Translator; choice: QuoteChoice | null; discounts: boolean };

function optionRows(option: QuoteOption, totals: OptionTotals, context: RowContext): TableRow[] {
  const rows: TableRow[] = [];
  const subtotals = new Map(totals.sections.map((section) => [section.id, section.net]));
  const withSubtotals = option.sections.length > 1 || option.sections.some((section) => section.title.trim() !== "");
  for (const section of option.sections) {
    if (section.title.trim()) rows.push({ kind: "heading", text: section.title });
    for (const line of section.lines) rows.push({ kind: "line", cells: lineCells(line, totals.lineNets[line.id] ?? 0, context) });
    if (withSubtotals && section.lines.length)
      rows.push({
        kind: "subtotal",
        label: section.title.trim() ? context.t("document.subtotalOf", { title: section.title }) : context.t("document.subtotal"),
        value: context.money(subtotals.get(section.id) ?? 0),
      });
  }
  return rows;
}

/**
 * A line's cells: the optional mark, name and description; quantity and unit; unit
 * price; discount; tax rate; net. Never its cost. An optional line not ticked is grey.
 */
function lineCells(line: QuoteLine, net: number, { flow, locale, money, t, choice, discounts }: RowContext): Span[][] {
  const color = lineCounts(line, choice) ? COLORS.text : COLORS.muted;
  const cell = (text: string): Span[] => [{ text, style: flow.style(8.5, { color }) }];
  const described: Span[] = [];
  if (line.optional)
    described.push({
      text: lineCounts(line, choice) ? `☑ ${t("document.quote.optionalIncluded")}` : `☐ ${t("document.quote.optionalExcluded")}`,
      style: flow.style(7.5, { bold: true, color: COLORS.accent }),
    });
  described.push({ text: line.name, style: flow.style(8.5, { bold: true, color }) });
  if (line.description) described.push({ text: line.description, style: flow.style(8, { color: COLORS.muted }) });
  return [
    described,
    cell(`${formatQuantity(line.quantity, locale)} ${unitName(line.unit, line.quantity, t)}`),
    cell(money(line.unit_price)),
    ...(discounts ? [line.discount ? cell("amount" in line.discount ? `−${money(line.discount.amount)}` : formatPercent(line.discount.percent_milli, locale)) : []] : []),
    cell(taxRateLabel(line, locale)),
    [{ text: money(net), style: flow.style(8.5, { bold: lineCounts(line, choice), color }) }],
  ];
}

/** Net, tax per rate (on its net), total tax when there are several rates, gross, and the deposit asked. */
function totalRows(
  totals: OptionTotals,
  taxes: { label: string; tax: number }[],
  { money, locale, t, deposit }: { money: (amount: number) => string; locale: string; t: Translator; deposit: QuoteDocument["deposit"] },
): TotalRow[] {
  const { net, tax, gross } = totals.totals;
  const rows: TotalRow[] = [{ label: t("document.totals.net"), value: money(net) }];
  for (const group of taxes) rows.push({ label: group.label, value: money(group.tax) });
  if (taxes.length > 1) rows.push({ label: t("document.totals.tax"), value: money(tax) });
  rows.push({ label: t("document.totals.gross"), value: money(gross), bold: true, ruleAbove: true });
  if (deposit && totals.deposit > 0)
    rows.push({
      label: "percent_milli" in deposit ? t("document.quote.depositPercent", { percent: formatPercent(deposit.percent_milli, locale) }) : t("document.quote.deposit"),
      value: money(totals.deposit),
    });
  return rows;
}

import "server-only";
import { translatorFor } from "@/lib/i18n/messages";
import { DEFAULT_LOCALE, isLocale } from "@/lib/i18n/locales";
import { formatMoney } from "@/lib/money/format";
import { lineCounts, quoteTotals, type OptionTotals } from "@/lib/money/quote-totals";
import type { QuoteChoice, QuoteDocument, QuoteLine, QuoteOption } from "@/lib/schemas/quote-content";
import type { QuoteStatus } from "@/lib/schemas/quote-values";
import { drawAddressBlocks, drawHeading, drawSignature, drawTotals, type Span, type TotalRow } from "./blocks";
import { finishDocument, startDocument } from "./document";
import { addressLines, formatDay, formatInstant, formatPercent } from "./format";
import { embedImage } from "./images";
import { COLORS, type Flow } from "./layout";
import { drawLineTable, hasDiscounts, lineCells, sectionRows } from "./lines";
import { taxGroupRows, taxTotalRows, type Translator } from "./parts";

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

  const name = document.number ? t("document.quote.numbered", { number: document.number }) : t("document.quote.name");
  const flow = await startDocument({
    name,
    title: document.title ? `${name} – ${document.title}` : name,
    locale,
    t,
    seller: document.seller,
    logo: input.logo,
    at: input.signature?.at ?? new Date(`${document.issued}T12:00:00Z`),
    draft: (input.draft ?? input.status === "draft") ? t("document.draft") : null,
  });
  const signatureImage = await embedImage(flow.pdf, input.signature?.png);

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

  return finishDocument(flow, { seller: document.seller, locale, t });
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
  const discounts = hasDiscounts(option.sections);
  const lineContext = { flow, locale, money, t, discounts };
  const rows = sectionRows(option.sections, totals, lineContext, (line, net) => lineCells(line, net, lineContext, { counts: lineCounts(line, choice), mark: optionalMark(flow, line, choice, t) }));
  drawLineTable(flow, rows, lineContext);
  const taxes = taxGroupRows(taxesOf(option), totals.totals.groups, { locale, t, money });
  drawTotals(flow, totalRows(totals, taxes.rows, { money, locale, t, deposit: mark === "declined" ? null : context.deposit }));
  for (const note of taxes.notes) flow.paragraph(note, flow.style(8, { color: COLORS.muted }), { after: 2 });
}

/** The rates of an option's lines, in their order. */
function* taxesOf(option: QuoteOption) {
  for (const section of option.sections) for (const line of section.lines) yield line.tax;
}

/** An optional line's mark: ticked (included) or not. */
function optionalMark(flow: Flow, line: QuoteLine, choice: QuoteChoice | null, t: Translator): Span | null {
  if (!line.optional) return null;
  return {
    text: lineCounts(line, choice) ? `☑ ${t("document.quote.optionalIncluded")}` : `☐ ${t("document.quote.optionalExcluded")}`,
    style: flow.style(7.5, { bold: true, color: COLORS.accent }),
  };
}

/** Net, tax per rate (on its net), total tax when there are several rates, gross, and the deposit asked. */
function totalRows(
  totals: OptionTotals,
  taxes: { label: string; tax: number }[],
  { money, locale, t, deposit }: { money: (amount: number) => string; locale: string; t: Translator; deposit: QuoteDocument["deposit"] },
): TotalRow[] {
  const rows = taxTotalRows(totals.totals, taxes, { money, t });
  if (deposit && totals.deposit > 0)
    rows.push({
      label: "percent_milli" in deposit ? t("document.quote.depositPercent", { percent: formatPercent(deposit.percent_milli, locale) }) : t("document.quote.deposit"),
      value: money(totals.deposit),
    });
  return rows;
}

import type { Minor } from "@/lib/money/decimal";
import type { QuoteLine } from "@/lib/schemas/quote-content";
import { drawTable, type Column, type Span, type TableRow } from "./blocks";
import { formatPercent, formatQuantity } from "./format";
import { COLORS, textWidth, type Flow } from "./layout";
import { taxRateLabel, unitName, type Translator } from "./parts";

/**
 * The line table quotes, invoices and credit notes share: its columns, a line's cells
 * (name and description, quantity and unit, unit price, discount, tax rate, net; never
 * the line's cost) and the rows of its sections with their subtotals.
 */

/** What a line prints: a quote's line and an invoice's line both are one. */
export type PrintedLine = Pick<QuoteLine, "id" | "name" | "description" | "quantity" | "unit" | "unit_price" | "discount" | "tax">;

export type LineContext = { flow: Flow; locale: string; money: (amount: Minor) => string; t: Translator; discounts: boolean };

/** Whether any line has a discount: the discount column is printed only then. */
export const hasDiscounts = (sections: readonly { lines: readonly PrintedLine[] }[]) => sections.some((section) => section.lines.some((line) => line.discount !== null));

/** The line table's columns at their usual widths; the discount's only when a line has one. */
export function lineColumns(width: number, t: Translator, discounts: boolean): Column[] {
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

/**
 * A line's cells: an optional mark (a quote's optional line), name and description;
 * quantity and unit; unit price; discount; tax rate; net. Never its cost. A line that
 * does not count (an optional line not ticked) is grey.
 */
export function lineCells(line: PrintedLine, net: Minor, context: LineContext, options: { counts?: boolean; mark?: Span | null } = {}): Span[][] {
  const { flow, locale, money, t, discounts } = context;
  const counts = options.counts ?? true;
  const color = counts ? COLORS.text : COLORS.muted;
  const cell = (text: string): Span[] => [{ text, style: flow.style(8.5, { color }) }];
  const described: Span[] = [];
  if (options.mark) described.push(options.mark);
  described.push({ text: line.name, style: flow.style(8.5, { bold: true, color }) });
  if (line.description) described.push({ text: line.description, style: flow.style(8, { color: COLORS.muted }) });
  return [
    described,
    cell(`${formatQuantity(line.quantity, locale)} ${unitName(line.unit, line.quantity, t)}`),
    cell(money(line.unit_price)),
    ...(discounts ? [line.discount ? cell("amount" in line.discount ? `−${money(line.discount.amount)}` : formatPercent(line.discount.percent_milli, locale)) : []] : []),
    cell(taxRateLabel(line, locale)),
    [{ text: money(net), style: flow.style(8.5, { bold: counts, color }) }],
  ];
}

/**
 * The table's rows: each section's heading (when it has a title), its lines, and its
 * subtotal when there are several sections or any has a title.
 */
export function sectionRows<L extends PrintedLine>(
  sections: readonly { id: string; title: string; lines: readonly L[] }[],
  totals: { lineNets: Record<string, Minor>; sections: readonly { id: string; net: Minor }[] },
  context: LineContext,
  cells: (line: L, net: Minor) => Span[][] = (line, net) => lineCells(line, net, context),
): TableRow[] {
  const rows: TableRow[] = [];
  const subtotals = new Map(totals.sections.map((section) => [section.id, section.net]));
  const withSubtotals = sections.length > 1 || sections.some((section) => section.title.trim() !== "");
  for (const section of sections) {
    if (section.title.trim()) rows.push({ kind: "heading", text: section.title });
    for (const line of section.lines) rows.push({ kind: "line", cells: cells(line, totals.lineNets[line.id] ?? 0) });
    if (withSubtotals && section.lines.length)
      rows.push({
        kind: "subtotal",
        label: section.title.trim() ? context.t("document.subtotalOf", { title: section.title }) : context.t("document.subtotal"),
        value: context.money(subtotals.get(section.id) ?? 0),
      });
  }
  return rows;
}

/** The narrowest the description may become when figures widen their columns. */
const MIN_DESCRIPTION = 140;
/** A cell's padding on both sides, and a hair more so that a measured figure never wraps (blocks.ts pads by 3). */
const CELL_PADDING = 7;

/**
 * The line table: the columns at their usual widths, each figure column widened to its
 * widest figure (a large amount in a long currency format stays on one line), the
 * description taking what is left.
 */
export function drawLineTable(flow: Flow, rows: TableRow[], context: Pick<LineContext, "t" | "discounts">) {
  const columns = lineColumns(flow.width, context.t, context.discounts);
  const needed = columns.map(() => 0);
  const subtotal = flow.style(8.5, { bold: true });
  for (const row of rows) {
    if (row.kind === "line")
      row.cells.forEach((cell, index) => {
        for (const span of cell) needed[index] = Math.max(needed[index], textWidth(span.text, span.style) + CELL_PADDING);
      });
    if (row.kind === "subtotal") needed[columns.length - 1] = Math.max(needed[columns.length - 1], textWidth(row.value, subtotal) + CELL_PADDING);
  }
  const fitted = columns.map((column, index) => (index === 0 ? column : { ...column, width: Math.max(column.width, Math.ceil(needed[index])) }));
  const figures = fitted.slice(1).reduce((sum, column) => sum + column.width, 0);
  fitted[0] = { ...fitted[0], width: Math.max(MIN_DESCRIPTION, flow.width - figures) };
  drawTable(flow, fitted, rows);
}

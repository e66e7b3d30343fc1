import { degrees, PDFString, type PDFImage, type PDFPage } from "pdf-lib";
import { COLORS, leading, PAGE, textWidth, wrapText, type Align, type Flow, type TextStyle } from "./layout";

/**
 * The pieces quotes, invoices and credit notes are made of: the letterhead (logo and
 * the business), address blocks beside the document's facts, the line table with
 * section headings and subtotals, the totals, the signature, the footer with page
 * numbers, the DRAFT mark and a link. Each takes plain texts already translated and
 * formatted; none knows which document it is in.
 */

/** A text in a style: a piece of a block or a table cell. */
export type Span = { text: string; style: TextStyle };

/** The business's name and details in the top right, its logo (if any) in the top left. */
export function drawLetterhead(flow: Flow, options: { logo: PDFImage | null; name: string; details: string[] }) {
  const top = flow.y;
  const blockWidth = 220;
  const x = flow.right - blockWidth;
  let y = top;
  for (const line of wrapText(options.name, flow.style(12, { bold: true }), blockWidth)) {
    flow.text(line, x, y, flow.style(12, { bold: true }), "right", blockWidth);
    y -= leading(flow.style(12));
  }
  const small = flow.style(8, { color: COLORS.muted });
  for (const detail of options.details)
    for (const line of wrapText(detail, small, blockWidth)) {
      flow.text(line, x, y, small, "right", blockWidth);
      y -= leading(small);
    }
  let logoBottom = top;
  if (options.logo) {
    // Scaled to fit 170 × 64 points, never enlarged past its own size.
    const scale = Math.min(170 / options.logo.width, 64 / options.logo.height, 1);
    const width = options.logo.width * scale;
    const height = options.logo.height * scale;
    flow.page.drawImage(options.logo, { x: flow.left, y: top - height, width, height });
    logoBottom = top - height;
  }
  flow.down(flow.y - Math.min(y, logoBottom) + 18);
}

/** Blocks of lines under small labels on the left (the customer, the site), facts as label and value on the right. */
export function drawAddressBlocks(flow: Flow, blocks: { label: string; lines: string[] }[], facts: { label: string; value: string; bold?: boolean }[]) {
  const top = flow.y;
  const leftWidth = 250;
  const label = flow.style(7.5, { color: COLORS.muted });
  const body = flow.style(9.5);
  let y = top;
  blocks.forEach((block, index) => {
    if (index > 0) y -= 8;
    flow.text(block.label.toUpperCase(), flow.left, y, label);
    y -= leading(label);
    block.lines.forEach((text, line) => {
      const style = line === 0 ? flow.style(9.5, { bold: true }) : body;
      for (const part of wrapText(text, style, leftWidth)) {
        flow.text(part, flow.left, y, style);
        y -= leading(style);
      }
    });
  });
  const factsWidth = 200;
  const x = flow.right - factsWidth;
  let factY = top;
  for (const fact of facts) {
    const style = flow.style(9, { bold: fact.bold });
    flow.text(fact.label, x, factY, flow.style(9, { color: COLORS.muted }));
    const valueLines = wrapText(fact.value, style, 110);
    for (const part of valueLines) {
      flow.text(part, x + factsWidth - 110, factY, style, "right", 110);
      factY -= leading(style);
    }
  }
  flow.down(top - Math.min(y, factY) + 14);
}

export function drawHeading(flow: Flow, text: string, options: { size?: number; color?: TextStyle["color"]; after?: number; keep?: number } = {}) {
  const style = flow.style(options.size ?? 11, { bold: true, color: options.color });
  const lines = wrapText(text, style, flow.width);
  // A heading stays with what follows it.
  flow.ensure(lines.length * leading(style) + (options.keep ?? 24));
  for (const line of lines) {
    flow.text(line, flow.left, flow.y, style);
    flow.down(leading(style));
  }
  flow.down(options.after ?? 3);
}

export type Column = { label: string; width: number; align: Align };
export type TableRow =
  | { kind: "heading"; text: string }
  | { kind: "line"; cells: Span[][] }
  | { kind: "subtotal"; label: string; value: string };

const PAD = { x: 3, y: 3.5 };

/** Each cell's wrapped lines, with their styles. */
function cellLines(columns: Column[], cells: Span[][]) {
  return columns.map((column, index) =>
    (cells[index] ?? []).flatMap((span) => wrapText(span.text, span.style, column.width - 2 * PAD.x).map((text) => ({ text, style: span.style }))),
  );
}

const linesHeight = (lines: { style: TextStyle }[]) => lines.reduce((sum, line) => sum + leading(line.style), 0);

/**
 * A table of lines under column heads, repeated on each page it runs onto; section
 * headings and subtotals between its rows. A row too tall for a page breaks between
 * its text lines.
 */
export function drawTable(flow: Flow, columns: Column[], rows: TableRow[]) {
  const head = flow.style(7.5, { bold: true, color: COLORS.muted });
  const xs = columns.reduce<number[]>((at, column, index) => [...at, index === 0 ? flow.left : at[index - 1] + columns[index - 1].width], []);
  const drawHeads = (target: Flow) => {
    const height = leading(head) + 2 * PAD.y;
    target.page.drawRectangle({ x: target.left, y: target.y - height, width: target.width, height, color: COLORS.shade });
    columns.forEach((column, index) => target.text(column.label, xs[index] + PAD.x, target.y - PAD.y, head, column.align, column.width - 2 * PAD.x));
    target.down(height);
    target.drawn();
  };
  flow.ensure(80);
  flow.repeating(drawHeads, () => {
    rows.forEach((row, index) => {
      if (row.kind === "heading") {
        const style = flow.style(9.5, { bold: true, color: COLORS.accent });
        const lines = wrapText(row.text, style, flow.width - 2 * PAD.x);
        const next = rows[index + 1];
        const nextHeight = next?.kind === "line" ? Math.min(linesHeight(cellLines(columns, next.cells)[0]), 40) + 2 * PAD.y : 0;
        flow.ensure(linesHeight(lines.map(() => ({ style }))) + 2 * PAD.y + 4 + nextHeight);
        flow.down(4);
        for (const line of lines) {
          flow.text(line, flow.left + PAD.x, flow.y - PAD.y, style);
          flow.down(leading(style));
        }
        flow.down(2 * PAD.y);
        flow.rule({ color: COLORS.accent });
        return;
      }
      if (row.kind === "subtotal") {
        const style = flow.style(8.5, { bold: true });
        const height = leading(style) + 2 * PAD.y;
        flow.ensure(height);
        const last = columns.length - 1;
        flow.text(row.label, flow.left + PAD.x, flow.y - PAD.y, style, "right", xs[last] - flow.left - 2 * PAD.x);
        flow.text(row.value, xs[last] + PAD.x, flow.y - PAD.y, style, columns[last].align, columns[last].width - 2 * PAD.x);
        flow.down(height);
        flow.rule();
        flow.down(2);
        return;
      }
      drawLineRow(flow, columns, xs, cellLines(columns, row.cells));
    });
  });
}

function drawLineRow(flow: Flow, columns: Column[], xs: number[], cells: { text: string; style: TextStyle }[][]) {
  const fullPage = PAGE.height - PAGE.top - PAGE.bottom;
  const draw = (lines: { text: string; style: TextStyle }[][]) => {
    const top = flow.y - PAD.y;
    lines.forEach((cell, index) => {
      let y = top;
      for (const line of cell) {
        flow.text(line.text, xs[index] + PAD.x, y, line.style, columns[index].align, columns[index].width - 2 * PAD.x);
        y -= leading(line.style);
      }
    });
    flow.y -= Math.max(...lines.map(linesHeight)) + 2 * PAD.y;
    flow.drawn();
  };
  let pending = cells;
  for (;;) {
    const height = Math.max(...pending.map(linesHeight)) + 2 * PAD.y;
    if (height <= flow.room()) {
      draw(pending);
      flow.rule();
      return;
    }
    // A row that fits on a page is never split: it moves to the next page whole.
    if (!flow.atStart && height < fullPage / 2) {
      flow.addPage();
      continue;
    }
    const room = flow.room() - 2 * PAD.y;
    let counts = pending.map((lines) => {
      let used = 0;
      let count = 0;
      while (count < lines.length && used + leading(lines[count].style) <= room) used += leading(lines[count++].style);
      return count;
    });
    if (counts.every((count) => count === 0)) {
      if (!flow.atStart) {
        flow.addPage();
        continue;
      }
      counts = pending.map((lines) => Math.min(lines.length, 1));
    }
    draw(pending.map((lines, index) => lines.slice(0, counts[index])));
    pending = pending.map((lines, index) => lines.slice(counts[index]));
    flow.addPage();
  }
}

export type TotalRow = { label: string; value: string; bold?: boolean; muted?: boolean; ruleAbove?: boolean };

/** Totals as label and amount, right-aligned under the table. */
export function drawTotals(flow: Flow, rows: TotalRow[]) {
  const width = 280;
  const x = flow.right - width;
  // Wide enough for the widest amount, so that a large one never runs into its label.
  const valueWidth = Math.max(90, ...rows.map((row) => Math.ceil(textWidth(row.value, flow.style(row.bold ? 10 : 9, { bold: row.bold })) + 2)));
  const heights = rows.map((row) => leading(flow.style(row.bold ? 10 : 9)) + 3);
  flow.ensure(heights.reduce((a, b) => a + b, 0) + 8);
  flow.down(4);
  rows.forEach((row, index) => {
    const style = flow.style(row.bold ? 10 : 9, { bold: row.bold, color: row.muted ? COLORS.muted : COLORS.text });
    if (row.ruleAbove) flow.rule({ x, width, color: COLORS.text, thickness: 0.7 });
    const labelLines = wrapText(row.label, style, width - valueWidth - 8);
    flow.ensure(labelLines.length * leading(style) + 3);
    const top = flow.y - 1.5;
    labelLines.forEach((line, n) => flow.text(line, x, top - n * leading(style), style, "right", width - valueWidth - 8));
    flow.text(row.value, flow.right - valueWidth, top, style, "right", valueWidth);
    flow.down(Math.max(heights[index], labelLines.length * leading(style) + 3));
  });
  flow.down(6);
}

/** A signature: the drawn image (if any) above a line with texts under it. */
export function drawSignature(flow: Flow, options: { title: string; image: PDFImage | null; lines: string[] }) {
  const width = 220;
  const imageHeight = options.image ? Math.min(70, (options.image.height * width) / options.image.width) : 0;
  const small = flow.style(8.5);
  flow.ensure(leading(flow.style(10)) + imageHeight + 12 + options.lines.length * leading(small) + 10);
  drawHeading(flow, options.title, { size: 10, keep: imageHeight + 30 });
  if (options.image) {
    const scale = Math.min(width / options.image.width, imageHeight / options.image.height);
    flow.page.drawImage(options.image, { x: flow.left, y: flow.y - options.image.height * scale, width: options.image.width * scale, height: options.image.height * scale });
    flow.down(imageHeight + 4);
  }
  flow.rule({ width, color: COLORS.text });
  flow.down(4);
  for (const line of options.lines) flow.paragraph(line, small, { width });
  flow.down(8);
}

/** A large, light, slanted mark across a page (DRAFT); drawn as its background, under the content. */
export function drawWatermark(flow: Flow, page: PDFPage, text: string) {
  const style = flow.style(96, { bold: true, color: COLORS.draft });
  const width = style.font.widthOfTextAtSize(text, style.size);
  const angle = 45;
  const radians = (angle * Math.PI) / 180;
  page.drawText(text, {
    x: PAGE.width / 2 - (Math.cos(radians) * width) / 2 + (Math.sin(radians) * style.size) / 3,
    y: PAGE.height / 2 - (Math.sin(radians) * width) / 2 - (Math.cos(radians) * style.size) / 3,
    size: style.size,
    font: style.font,
    color: COLORS.draft,
    opacity: 0.12,
    rotate: degrees(angle),
  });
}

/** Under each page: the business's legal details on the left, the page's number of the total on the right. */
export function drawFooters(flow: Flow, options: { lines: string[]; pageLabel: (page: number, pages: number) => string }) {
  const style = flow.style(7, { color: COLORS.muted });
  const numberWidth = 70;
  const textWidth = flow.width - numberWidth - 10;
  const lines = options.lines.flatMap((line) => wrapText(line, style, textWidth)).slice(0, 3);
  const top = PAGE.bottom - 16;
  flow.pages.forEach((page, index) => {
    page.drawLine({ start: { x: flow.left, y: top + 4 }, end: { x: flow.right, y: top + 4 }, thickness: 0.5, color: COLORS.rule });
    lines.forEach((line, n) => flow.text(line, flow.left, top - n * leading(style), style, "left", 0, page));
    flow.text(options.pageLabel(index + 1, flow.pages.length), flow.right - numberWidth, top, style, "right", numberWidth, page);
  });
}

/**
 * A label and a web address after it, the address printed in full (it reads on paper too)
 * and a link on it that a PDF reader opens. Only http(s) addresses are linked; the
 * address is written as URL parsing normalises it (ASCII, percent-encoded).
 */
export function drawLink(flow: Flow, options: { label: string; url: string }) {
  let href: string;
  try {
    const url = new URL(options.url);
    if (url.protocol !== "https:" && url.protocol !== "http:") return;
    href = url.href;
  } catch {
    return;
  }
  const labelStyle = flow.style(9);
  const linkStyle = flow.style(9, { color: COLORS.accent });
  const labelWidth = options.label ? textWidth(`${options.label} `, labelStyle) : 0;
  const lines = wrapText(href, linkStyle, flow.width - labelWidth);
  const height = lines.length * leading(linkStyle);
  flow.ensure(height);
  const top = flow.y;
  const x = flow.left + labelWidth;
  if (options.label) flow.text(options.label, flow.left, top, labelStyle);
  lines.forEach((line, index) => flow.text(line, x, top - index * leading(linkStyle), linkStyle));
  const width = Math.max(...lines.map((line) => textWidth(line, linkStyle)));
  const context = flow.pdf.context;
  const round = (value: number) => Math.round(value * 100) / 100;
  const link = context.register(
    context.obj({
      Type: "Annot",
      Subtype: "Link",
      Rect: [round(x), round(top - height), round(x + width), round(top)],
      Border: [0, 0, 0],
      // Printed (PDF/A wants every annotation so).
      F: 4,
      A: { Type: "Action", S: "URI", URI: PDFString.of(href) },
    }),
  );
  flow.page.node.addAnnot(link);
  flow.down(height);
}

import { rgb, type Color, type PDFDocument, type PDFFont, type PDFPage } from "pdf-lib";
import type { DocumentFonts } from "./fonts";

/**
 * The page flow every document is written on: A4 pages with fixed margins, a cursor
 * running down the page, and a new page when the next piece does not fit (with what
 * the document repeats at the top of each further page, and the column heads of a
 * table that breaks). Texts wrap at spaces, and words longer than their column break
 * anywhere, so no text runs off the page.
 */

export const PAGE = { width: 595.28, height: 841.89, margin: 48, top: 48, bottom: 66 } as const;

export const COLORS = {
  text: rgb(0.11, 0.11, 0.13),
  muted: rgb(0.4, 0.42, 0.45),
  rule: rgb(0.78, 0.8, 0.83),
  shade: rgb(0.94, 0.95, 0.96),
  accent: rgb(0.12, 0.32, 0.55),
  draft: rgb(0.85, 0.2, 0.2),
} as const;

export type TextStyle = { font: PDFFont; size: number; color?: Color };
export type Align = "left" | "right" | "center";

/** Line height of a style. */
export const leading = (style: TextStyle) => style.size * 1.3;

const characterSets = new WeakMap<PDFFont, Set<number>>();

/** Text as the font can print it: tabs and line ends as spaces, any character it lacks as a plain stand-in. */
export function printable(text: string, font: PDFFont): string {
  let set = characterSets.get(font);
  if (!set) characterSets.set(font, (set = new Set(font.getCharacterSet())));
  let out = "";
  for (const char of text.normalize("NFC")) {
    const code = char.codePointAt(0)!;
    if (set.has(code)) out += char;
    else if (/[\s\p{Zs}]/u.test(char)) out += code === 0x202f && set.has(0xa0) ? "\u00a0" : " ";
    else if (/\p{Cc}|\p{Cf}/u.test(char)) continue;
    else out += "?";
  }
  return out;
}

const advances = new WeakMap<PDFFont, Map<string, number>>();

/**
 * A text's width at a size, from each character's advance (measured once per font):
 * laying out whole strings again for each candidate line would cost more than the rest
 * of a document together. Pairs the font would join (ligatures) come out no narrower
 * than printed, so a line measured to fit does fit.
 */
export function textWidth(text: string, style: TextStyle): number {
  let widths = advances.get(style.font);
  if (!widths) advances.set(style.font, (widths = new Map()));
  let total = 0;
  for (const char of text) {
    let width = widths.get(char);
    if (width === undefined) widths.set(char, (width = style.font.widthOfTextAtSize(char, 1000)));
    total += width;
  }
  return (total * style.size) / 1000;
}

/** A text's lines within `width`: its own line breaks kept, wrapped at spaces, over-long words broken. */
export function wrapText(text: string, style: TextStyle, width: number): string[] {
  const fits = (value: string) => textWidth(value, style) <= width;
  const lines: string[] = [];
  for (const paragraph of text.split(/\r\n|\r|\n/)) {
    let line = "";
    for (const word of printable(paragraph, style.font).split(/ +/)) {
      if (!word) continue;
      const candidate = line ? `${line} ${word}` : word;
      if (fits(candidate)) {
        line = candidate;
        continue;
      }
      if (line) lines.push(line);
      line = "";
      if (fits(word)) {
        line = word;
        continue;
      }
      for (const char of word) {
        if (line && !fits(line + char)) {
          lines.push(line);
          line = char;
        } else line += char;
      }
    }
    lines.push(line);
  }
  return lines;
}

export class Flow {
  readonly pages: PDFPage[] = [];
  page!: PDFPage;
  /** The baseline area's top: where the next piece starts, in PDF points from the page's foot. */
  y = 0;
  /** Drawn at the top of each further page (e.g. the document's number). */
  continuation: ((flow: Flow) => void) | null = null;
  /** Drawn after a break inside a table: its column heads. */
  private repeated: ((flow: Flow) => void) | null = null;

  /** `background` is drawn first on each page, under everything else (e.g. a DRAFT mark). */
  constructor(
    readonly pdf: PDFDocument,
    readonly fonts: DocumentFonts,
    private readonly background: ((flow: Flow, page: PDFPage) => void) | null = null,
  ) {
    this.addPage();
  }

  readonly left = PAGE.margin;
  readonly right = PAGE.width - PAGE.margin;
  readonly width = PAGE.width - 2 * PAGE.margin;

  style(size: number, options: { bold?: boolean; color?: Color } = {}): TextStyle {
    return { font: options.bold ? this.fonts.bold : this.fonts.regular, size, color: options.color ?? COLORS.text };
  }

  addPage() {
    this.page = this.pdf.addPage([PAGE.width, PAGE.height]);
    this.pages.push(this.page);
    this.background?.(this, this.page);
    this.y = PAGE.height - PAGE.top;
    if (this.pages.length > 1) {
      this.continuation?.(this);
      this.repeated?.(this);
    }
    this.atStart = true;
  }

  /** Space left on this page. */
  room() {
    return this.y - PAGE.bottom;
  }

  /** Whether the cursor is where a fresh page starts its content (a further break would gain nothing). */
  atStart = false;

  /** A new page when `height` does not fit on this one (unless this page has nothing yet). */
  ensure(height: number) {
    if (height > this.room() && !this.atStart) this.addPage();
  }

  /** Moves down; past the foot of the page, to the top of the next. */
  down(height: number) {
    this.y -= height;
    this.atStart = false;
    if (this.y < PAGE.bottom) this.addPage();
  }

  /** Marks that something was drawn at the cursor. */
  drawn() {
    this.atStart = false;
  }

  /** One line of text with its baseline `size` below `top`, aligned in [x, x + width] (on this page unless told). */
  text(value: string, x: number, top: number, style: TextStyle, align: Align = "left", width = 0, page = this.page) {
    const text = printable(value, style.font);
    if (!text) return;
    const measured = align === "left" ? 0 : textWidth(text, style);
    const at = align === "right" ? x + width - measured : align === "center" ? x + (width - measured) / 2 : x;
    page.drawText(text, { x: at, y: top - style.size, size: style.size, font: style.font, color: style.color ?? COLORS.text });
  }

  /** Wrapped text at the cursor, across pages when long. */
  paragraph(value: string, style: TextStyle, options: { x?: number; width?: number; after?: number } = {}) {
    const x = options.x ?? this.left;
    const lines = wrapText(value, style, options.width ?? this.right - x);
    for (const line of lines) {
      this.ensure(leading(style));
      this.text(line, x, this.y, style);
      this.down(leading(style));
    }
    if (options.after) this.down(options.after);
  }

  rule(options: { x?: number; width?: number; color?: Color; thickness?: number } = {}) {
    const x = options.x ?? this.left;
    this.page.drawLine({
      start: { x, y: this.y },
      end: { x: x + (options.width ?? this.right - x), y: this.y },
      thickness: options.thickness ?? 0.5,
      color: options.color ?? COLORS.rule,
    });
  }

  /** Runs `body` with `heads` drawn again at the top of each page it breaks onto. */
  repeating(heads: (flow: Flow) => void, body: () => void) {
    const before = this.repeated;
    heads(this);
    this.repeated = heads;
    try {
      body();
    } finally {
      this.repeated = before;
    }
  }
}

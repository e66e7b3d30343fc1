import fs from "node:fs/promises";
import path from "node:path";
import fontkit from "@pdf-lib/fontkit";
import type { PDFDocument, PDFFont } from "pdf-lib";

/**
 * The typeface every document prints in: DejaVu Sans Condensed (fonts/LICENSE, free
 * to embed), regular and bold. It covers Latin, Greek and Cyrillic, so names such as
 * Łódź, Dvořák or Ærø print as written. It is embedded (subset to the glyphs used),
 * never one of the PDF's standard fonts, as PDF/A requires.
 */

const FONT_DIR = path.join(process.cwd(), "lib", "documents", "fonts");
const FILES = { regular: "DejaVuSansCondensed.ttf", bold: "DejaVuSansCondensed-Bold.ttf" } as const;

export type DocumentFonts = { regular: PDFFont; bold: PDFFont };

let loaded: Promise<Record<keyof typeof FILES, Uint8Array>> | null = null;

/** The font files, read once per process. */
function fontFiles() {
  loaded ??= Promise.all([fs.readFile(path.join(FONT_DIR, FILES.regular)), fs.readFile(path.join(FONT_DIR, FILES.bold))]).then(
    ([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }),
    (error: unknown) => {
      loaded = null;
      throw error;
    },
  );
  return loaded;
}

/**
 * OpenType features are off: a PDF places each glyph by its own advance (no kerning
 * pairs), ligatures would only change how copied text reads, and shaping each string
 * with them costs several times as much. Texts are composed (NFC) before they are
 * printed, so accents need no composing feature either.
 */
const FEATURES = Object.fromEntries(["ccmp", "locl", "rlig", "mark", "mkmk", "calt", "clig", "liga", "rclt", "curs", "kern"].map((feature) => [feature, false]));

export async function embedFonts(pdf: PDFDocument): Promise<DocumentFonts> {
  const files = await fontFiles();
  pdf.registerFontkit(fontkit);
  const [regular, bold] = await Promise.all([
    pdf.embedFont(files.regular, { subset: true, features: FEATURES }),
    pdf.embedFont(files.bold, { subset: true, features: FEATURES }),
  ]);
  return { regular, bold };
}

import zlib from "node:zlib";
import { PDFDict, PDFDocument, PDFName, PDFRef } from "pdf-lib";

/**
 * What a PDF holds as a reader sees it: each page's text as PDF.js extracts it (the
 * maintained extractor browsers use), and the fonts it names, read with pdf-lib.
 */

/** Each page's text, its pieces joined by spaces and its lines by line ends. */
export async function pdfPages(bytes: Uint8Array): Promise<string[]> {
  const { getDocument } = await import("pdfjs-dist/legacy/build/pdf.mjs");
  const pdf = await getDocument({ data: bytes.slice(), disableFontFace: true, isEvalSupported: false, useSystemFonts: false, verbosity: 0 }).promise;
  const pages: string[] = [];
  for (let number = 1; number <= pdf.numPages; number++) {
    const page = await pdf.getPage(number);
    const content = await page.getTextContent();
    let text = "";
    for (const item of content.items) if ("str" in item) text += item.str + (item.hasEOL ? "\n" : " ");
    pages.push(text.replace(/[ \t]+\n/g, "\n"));
  }
  await pdf.destroy();
  return pages;
}

/** The PDF's text as one string, pages in order. */
export const pdfText = async (bytes: Uint8Array) => (await pdfPages(bytes)).join("\n");

export type PdfFont = { subtype: string; baseFont: string; embedded: boolean };

/** Every font the PDF names, and whether its program is embedded (a standard-14 font is not). */
export async function pdfFonts(bytes: Uint8Array): Promise<PdfFont[]> {
  const pdf = await PDFDocument.load(bytes, { updateMetadata: false });
  const context = pdf.context;
  const lookup = (value: unknown) => (value instanceof PDFRef ? context.lookup(value) : value);
  const fonts: PdfFont[] = [];
  for (const [, object] of context.enumerateIndirectObjects()) {
    if (!(object instanceof PDFDict) || object.get(PDFName.of("Type")) !== PDFName.of("Font")) continue;
    const subtype = String(object.get(PDFName.of("Subtype")) ?? "");
    if (subtype === "/CIDFontType2" || subtype === "/CIDFontType0") continue; // described under its Type0 parent
    let descriptor = lookup(object.get(PDFName.of("FontDescriptor")));
    const descendants = lookup(object.get(PDFName.of("DescendantFonts")));
    if (!descriptor && descendants && "get" in (descendants as object)) {
      const first = lookup((descendants as { get(index: number): unknown }).get(0)) as PDFDict;
      descriptor = lookup(first.get(PDFName.of("FontDescriptor")));
    }
    const embedded =
      descriptor instanceof PDFDict && ["FontFile", "FontFile2", "FontFile3"].some((key) => descriptor instanceof PDFDict && descriptor.has(PDFName.of(key)));
    fonts.push({ subtype, baseFont: String(object.get(PDFName.of("BaseFont")) ?? ""), embedded });
  }
  return fonts;
}

/** A small PNG of one colour (a logo, a signature), made here so tests need no picture files. */
export function solidPng(width: number, height: number, rgba: [number, number, number, number] = [20, 60, 140, 255]): Uint8Array {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 6, 0, 0, 0], 8); // 8 bits, RGBA
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width * 4, Buffer.from(rgba))]);
  const pixels = zlib.deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return new Uint8Array(Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk("IHDR", header), chunk("IDAT", pixels), chunk("IEND", Buffer.alloc(0))]));
}

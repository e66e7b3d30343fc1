import type { PDFDocument, PDFImage } from "pdf-lib";

/**
 * A PNG or JPEG (a logo, a signature) embedded in a document, or null when the bytes
 * are neither or do not decode: a broken picture leaves its place empty rather than
 * failing the whole document.
 */
export async function embedImage(pdf: PDFDocument, bytes: Uint8Array | null | undefined): Promise<PDFImage | null> {
  if (!bytes || bytes.length < 8) return null;
  try {
    if (bytes[0] === 0x89 && bytes[1] === 0x50 && bytes[2] === 0x4e && bytes[3] === 0x47) return await pdf.embedPng(bytes);
    if (bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return await pdf.embedJpg(bytes);
  } catch {
    return null;
  }
  return null;
}

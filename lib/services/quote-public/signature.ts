import "server-only";
import { SIGNATURE_MAX_BYTES, SIGNATURE_PREFIX } from "@/lib/schemas/quote-public";
import { invalidAt } from "@/lib/server/errors";

const PNG_MAGIC = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

/**
 * The drawn signature's bytes from the page's data URL: strict base64, at most
 * SIGNATURE_MAX_BYTES, and a PNG by its bytes (the signature, then the IHDR chunk with
 * a picture of some size), whatever the URL claims.
 */
export function signaturePng(dataUrl: string): Buffer {
  const base64 = dataUrl.slice(SIGNATURE_PREFIX.length);
  if (!/^[A-Za-z0-9+/]*={0,2}$/.test(base64) || base64.length % 4 !== 0) throw invalidAt("signature", "validation.publicQuote.signature");
  const bytes = Buffer.from(base64, "base64");
  if (bytes.length > SIGNATURE_MAX_BYTES) throw invalidAt("signature", "validation.publicQuote.signatureSize");
  const isPng =
    bytes.length >= 33 &&
    bytes.subarray(0, 8).equals(PNG_MAGIC) &&
    bytes.readUInt32BE(8) === 13 &&
    bytes.subarray(12, 16).toString("latin1") === "IHDR" &&
    bytes.readUInt32BE(16) > 0 &&
    bytes.readUInt32BE(20) > 0;
  if (!isPng) throw invalidAt("signature", "validation.publicQuote.signature");
  return bytes;
}

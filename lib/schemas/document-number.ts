import { z } from "./z";

/**
 * Formats of document numbers (quotes, invoices, credit notes): plain text with
 * tokens in braces. `{YYYY}` and `{YY}` are the year of the document's date in the
 * organization's time zone, `{MM}` its month, and `{0000}` the counter, padded with
 * zeros to as many digits as the token has (a longer number is written in full).
 * A format naming the year restarts its counter each year. Shared with the
 * settings screen, which previews a format with `formatDocumentNumber`.
 */

export const DOCUMENT_SERIES = ["quote", "invoice", "credit_note"] as const;
export type DocumentSeries = (typeof DOCUMENT_SERIES)[number];

export const DEFAULT_NUMBER_FORMATS: Record<DocumentSeries, string> = {
  quote: "Q-{YYYY}-{0000}",
  invoice: "INV-{YYYY}-{0000}",
  credit_note: "CN-{YYYY}-{0000}",
};

export const NUMBER_FORMAT_MAX = 40;
const COUNTER = /^\{(0{1,9})\}$/;
const DATE_TOKENS = ["{YYYY}", "{YY}", "{MM}"];
/** The tokens as a message lists them. */
const KNOWN = [...DATE_TOKENS, "{0000}"].join(", ");
// Control and format characters (line breaks, zero-width joiners) have no place in a number printed on a document.
const INVISIBLE = /[\p{Cc}\p{Cf}]/u;

type Part = { text: string } | { token: "{YYYY}" | "{YY}" | "{MM}" } | { counter: number };

/** A format's parts, or the first piece that is no known token. */
function partsOf(format: string): { parts: Part[]; unknown?: string } {
  const parts: Part[] = [];
  for (const piece of format.split(/(\{[^{}]*\}|[{}])/)) {
    if (piece === "") continue;
    if (!piece.startsWith("{") && !piece.startsWith("}")) parts.push({ text: piece });
    else if ((DATE_TOKENS as string[]).includes(piece)) parts.push({ token: piece as "{YYYY}" });
    else if (COUNTER.test(piece)) parts.push({ counter: COUNTER.exec(piece)![1].length });
    else return { parts, unknown: piece };
  }
  return { parts };
}

export const numberFormatSchema = z
  .string()
  .min(1)
  .max(NUMBER_FORMAT_MAX)
  .superRefine((format, ctx) => {
    // Its length is already refused; nothing more is said about (or spent on) it.
    if (format.length === 0 || format.length > NUMBER_FORMAT_MAX) return;
    if (INVISIBLE.test(format)) {
      ctx.addIssue({ code: "custom", message: "validation.numberFormat.characters" });
      return;
    }
    const { parts, unknown } = partsOf(format);
    if (unknown !== undefined) {
      ctx.addIssue({ code: "custom", message: "validation.numberFormat.unknownToken", params: { token: unknown, known: KNOWN } });
      return;
    }
    if (parts.filter((part) => "counter" in part).length !== 1) {
      ctx.addIssue({ code: "custom", message: "validation.numberFormat.counter", params: { example: "{0000}" } });
    }
  });

/** Whether the counter of a (valid) format starts again at 1 each year. */
export const restartsYearly = (format: string) => format.includes("{YYYY}") || format.includes("{YY}");

/** A number in a (valid) format: `{ counter: 42, year: 2027, month: 3 }` in `Q-{YYYY}-{0000}` is "Q-2027-0042". */
export function formatDocumentNumber(format: string, values: { counter: number; year: number; month: number }): string {
  return partsOf(format)
    .parts.map((part) => {
      if ("text" in part) return part.text;
      if ("counter" in part) return String(values.counter).padStart(part.counter, "0");
      if (part.token === "{YYYY}") return String(values.year).padStart(4, "0");
      if (part.token === "{YY}") return String(values.year % 100).padStart(2, "0");
      return String(values.month).padStart(2, "0");
    })
    .join("");
}

/** PATCH …/organization/{id}/document_numbers: the formats to change; the others stay. */
export const documentNumbersUpdateSchema = z
  .strictObject({ quote: numberFormatSchema.optional(), invoice: numberFormatSchema.optional(), credit_note: numberFormatSchema.optional() })
  .meta({ description: "Formats of document numbers, e.g. Q-{YYYY}-{0000}: {YYYY} or {YY} the year, {MM} the month, {0000} the counter with its digits" });
export type DocumentNumbersUpdate = z.output<typeof documentNumbersUpdateSchema>;

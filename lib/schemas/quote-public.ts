import { QUOTE_LIMITS } from "./quote-values";
import { z } from "./z";

/**
 * The customer's answer on a quote's public page (POST /api/api/public/quote/{token}),
 * shared by the route and the page. The signature is the PNG the page draws, as a data
 * URL; the server checks its bytes too (lib/services/quote-public/signature.ts).
 */

/** The drawn signature's PNG, decoded. */
export const SIGNATURE_MAX_BYTES = 200 * 1024;
export const SIGNATURE_PREFIX = "data:image/png;base64,";
/** Base64 of SIGNATURE_MAX_BYTES, with the prefix: longer text is refused before decoding. */
const SIGNATURE_MAX_CHARS = SIGNATURE_PREFIX.length + Math.ceil(SIGNATURE_MAX_BYTES / 3) * 4;
export const ANSWER_NAME_MAX = 200;
export const ANSWER_COMMENT_MAX = QUOTE_LIMITS.text;

const lineId = z.string().regex(/^[A-Za-z0-9_-]{1,40}$/, { error: "validation.publicQuote.id" });
const hash = z.string().regex(/^[0-9a-f]{64}$/, { error: "validation.publicQuote.hash" });
const name = z.string().trim().min(1, { error: "validation.required" }).max(ANSWER_NAME_MAX);
const comment = z.string().trim().max(ANSWER_COMMENT_MAX);

export const quoteAnswerSchema = z.discriminatedUnion(
  "answer",
  [
    z.strictObject({
      answer: z.literal("approved"),
      option: lineId,
      optional_lines: z.array(lineId).max(QUOTE_LIMITS.lines).default([]),
      name,
      signature: z
        .string()
        .max(SIGNATURE_MAX_CHARS, { error: "validation.publicQuote.signatureSize" })
        .startsWith(SIGNATURE_PREFIX, { error: "validation.publicQuote.signature" }),
      revision_hash: hash,
    }),
    z.strictObject({ answer: z.literal("declined"), name: name.optional(), comment: comment.optional(), revision_hash: hash }),
    z.strictObject({
      answer: z.literal("changes_requested"),
      name: name.optional(),
      comment: comment.min(1, { error: "validation.required" }),
      revision_hash: hash,
    }),
  ],
  { error: "validation.publicQuote.answer" },
);

export type QuoteAnswerInput = z.output<typeof quoteAnswerSchema>;

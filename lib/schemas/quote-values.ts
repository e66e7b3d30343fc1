import type { ListOptions } from "./lists";

// Plain values of quotes, shared by the database schema, the API and the screens (no zod here).

/**
 * draft: being written (a new revision after sending is a draft again); sent: its last
 * revision is with the customer; viewed: the customer opened it; approved, declined,
 * changes_requested: the customer's answer; expired: past its validity date unanswered.
 */
export const QUOTE_STATUSES = ["draft", "sent", "viewed", "approved", "declined", "changes_requested", "expired"] as const;
export type QuoteStatus = (typeof QUOTE_STATUSES)[number];

/** Statuses in which the customer may still answer on the public page. */
export const QUOTE_OPEN_STATUSES = ["sent", "viewed"] as const satisfies readonly QuoteStatus[];

/** What the customer can answer on the public page. */
export const QUOTE_ANSWERS = ["approved", "declined", "changes_requested"] as const;
export type QuoteAnswerKind = (typeof QUOTE_ANSWERS)[number];

/** Bounds of a quote's content: enough for any trade quote, small enough to check and print at once. */
export const QUOTE_LIMITS = { options: 5, sections: 30, lines: 300, text: 2000 } as const;

/** Quotes: every status, newest first. */
export const QUOTE_LIST = {
  statuses: QUOTE_STATUSES,
  defaultStatus: [...QUOTE_STATUSES],
  sorts: ["created", "updated", "number", "total", "valid_until"],
  defaultSort: "created",
} as const satisfies ListOptions;

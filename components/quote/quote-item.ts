import { optionsOf } from "@/components/browse/common-filters";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { QuoteStatus } from "@/lib/schemas/quote-values";
import { QUOTE_STATUSES } from "@/lib/schemas/quote-values";
import type { QuoteListView } from "@/lib/entities/quote";
import type { quoteAnswerView } from "@/lib/services/quote";

/** A quote as GET /quote/{id} answers it: its header, options with their totals, and the customer's answers. */
export type QuoteItem = Jsonify<Awaited<ReturnType<typeof quoteAnswerView>>>;

/** A quote as GET /quote lists it: the header and total, no options. */
export type QuoteListItem = Jsonify<QuoteListView>;

export type QuoteAnswerItem = QuoteItem["answers"][number];

export const QUOTE_STATUS_LABELS: Record<QuoteStatus, string> = {
  draft: "quote.status.draft",
  sent: "quote.status.sent",
  viewed: "quote.status.viewed",
  approved: "quote.status.approved",
  declined: "quote.status.declined",
  changes_requested: "quote.status.changes_requested",
  expired: "quote.status.expired",
};

export const QUOTE_STATUS_COLORS: Record<QuoteStatus, string> = {
  draft: "gray",
  sent: "blue",
  viewed: "cyan",
  approved: "green",
  declined: "red",
  changes_requested: "orange",
  expired: "gray",
};

export const QUOTE_STATUS_OPTIONS = optionsOf(QUOTE_STATUSES, QUOTE_STATUS_LABELS);

/** Statuses from which a new revision may be started (an approved quote is final). */
export const REVISABLE: readonly QuoteStatus[] = ["sent", "viewed", "changes_requested", "declined", "expired"];

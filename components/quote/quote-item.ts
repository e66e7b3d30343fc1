import { optionsOf } from "@/components/browse/common-filters";
import type { QuoteAnswerKind, QuoteStatus } from "@/lib/schemas/quote-values";
import { QUOTE_STATUSES } from "@/lib/schemas/quote-values";
import type { AnsweredOption, PercentOrAmount } from "./quote-values";

type GroupTotals = { code: string; category: string; percent: number; exemption_reason: string | null; net: number; tax: number; gross: number };

/** One option as GET /quote/{id} answers it: the lines in readable form, with nets and totals. */
export type QuoteOptionItem = AnsweredOption & {
  sections: (AnsweredOption["sections"][number] & { net: number })[];
  totals: { net: number; tax: number; gross: number; groups: GroupTotals[] };
  deposit: number;
};

/** The customer's answer on the public page, as GET /quote/{id} lists them. */
export type QuoteAnswerItem = {
  answer: QuoteAnswerKind;
  option: string | null;
  optional_lines: string[];
  name: string | null;
  comment: string | null;
  revision: number;
  revision_hash: string;
  address: string | null;
  user_agent: string | null;
  answered: string;
  has_signature: boolean;
};

/** A quote as GET /quote/{id} answers it (lists leave out options and answers). */
export type QuoteItem = {
  id: string;
  number: string | null;
  revision: number;
  status: QuoteStatus;
  title: string;
  introduction: string | null;
  terms: string | null;
  internal_notes: string | null;
  valid_until: string | null;
  currency: string;
  deposit: PercentOrAmount | null;
  customer: string;
  customer_name: string;
  site: string | null;
  project: string | null;
  project_type: string | null;
  owner: string;
  location: string | null;
  options?: QuoteOptionItem[];
  total: number;
  chosen_option: string | null;
  sent: string | null;
  viewed: string | null;
  answered: string | null;
  status_changed: string;
  created: string;
  updated: string;
  answers?: QuoteAnswerItem[];
};

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

import type { Minor, PercentMilli, Thousandths } from "@/lib/money/decimal";
import type { TaxCategory } from "@/lib/money/tax";

/**
 * A quote's content as stored (quote.content, and frozen in quote_revision.document):
 * integers only, in minor units, thousandths and thousandths of a percent (ARCHITECTURE.md §8a).
 * The API and screens read and write it in the readable form (quantity 1.5, percent 5.5)
 * that lib/schemas/quote.ts converts. Ids of options, sections and lines are short texts the
 * editor makes ([A-Za-z0-9_-], at most 40), unique within the quote; they let the customer's
 * answer name an option and optional lines across revisions.
 */

/** A line's tax rate as it was when the line was written: the rate may change later, the quote does not. */
export type QuoteLineTax = {
  /** The organization's tax rate the line took it from. */
  id: string | null;
  name: string;
  category: TaxCategory;
  percent_milli: PercentMilli;
  exemption_reason: string | null;
};

export type QuoteDiscount = { percent_milli: PercentMilli } | { amount: Minor };

export type QuoteLine = {
  id: string;
  /** The price book item it was taken from, if any (a copy: changing the item later does not change the quote). */
  price_item: string | null;
  name: string;
  description: string | null;
  quantity: Thousandths;
  /** A price unit (lib/schemas/price-book-values.ts PRICE_UNITS). */
  unit: string;
  unit_price: Minor;
  /** Never shown to the customer. */
  unit_cost: Minor | null;
  discount: QuoteDiscount | null;
  tax: QuoteLineTax;
  /** The customer ticks it or not; it counts in the totals only when ticked. */
  optional: boolean;
  /** For an optional line: ticked (by the office's default, then by the customer's answer). */
  selected: boolean;
};

/** Lines under a heading, with a subtotal; a section with an empty title is printed without one. */
export type QuoteSection = { id: string; title: string; lines: QuoteLine[] };

/** One alternative (Standard, Premium): the customer chooses one when there are several. */
export type QuoteOption = { id: string; name: string; description: string | null; sections: QuoteSection[] };

export type QuoteContent = { options: QuoteOption[] };

export type QuoteDeposit = { percent_milli: PercentMilli } | { amount: Minor };

/** An address as a document prints it. */
export type DocumentAddress = {
  line1: string | null;
  line2: string | null;
  zip: string | null;
  city: string | null;
  state: string | null;
  country: string | null;
};

/** The business as a document prints it: the organization's details, a location's where they differ. */
export type DocumentSeller = DocumentAddress & {
  name: string;
  legal_name: string | null;
  tax_id: string | null;
  registration: string | null;
  phone: string | null;
  email: string | null;
  website: string | null;
  /** The logo's file id (files module), or null. */
  logo_file: string | null;
};

export type DocumentBuyer = DocumentAddress & { name: string; email: string | null; phone: string | null };

/**
 * A quote revision as it was sent, frozen (quote_revision.document): everything its PDF and
 * public page print, so both are reproducible from it alone. Totals are not stored: they are
 * computed from `content` by lib/money/quote-totals.ts, which gives the same answer every time.
 */
export type QuoteDocument = {
  number: string;
  revision: number;
  title: string;
  introduction: string | null;
  terms: string | null;
  /** YYYY-MM-DD, the day it was sent at the organization's zone. */
  issued: string;
  valid_until: string | null;
  currency: string;
  /** The language the customer reads (BCP 47, one of the app's locales). */
  language: string;
  deposit: QuoteDeposit | null;
  seller: DocumentSeller;
  buyer: DocumentBuyer;
  /** The site the work is at, when it is not the buyer's own address. */
  site: (DocumentAddress & { name: string | null }) | null;
  content: QuoteContent;
};

/** The customer's choice: one option and the optional lines ticked in it. */
export type QuoteChoice = { option: string; optional_lines: readonly string[] };

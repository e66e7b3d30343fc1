import "server-only";
import type { AppLocale } from "@/lib/i18n/locales";
import { translatorFor } from "@/lib/i18n/messages";
import { placeholderValues, type Placeholder, type PlaceholderWords } from "@/lib/schemas/automatic-message-triggers";
import { localParts } from "@/lib/server/zoned-time";
import { formatMoney } from "@/lib/money/format";

/*
 * What a template's placeholders stand for, as words: dates and times at the
 * visit's time zone in the message's language (Intl), phrases from the
 * catalogues. The same code words the sample visit of a preview and a real visit,
 * so a preview shows exactly how a message reads.
 */

export type PlaceholderValues = Partial<Record<Placeholder, string>>;

/** What is known of a visit and around it, as words or instants; absent parts give empty placeholders. */
export type VisitFacts = {
  locale: AppLocale;
  zone: string;
  start: Date | null;
  /** A visit on a day with no set time (YYYY-MM-DD). */
  day: string | null;
  /** Minutes after the start the customer is told to expect arrival by. */
  arrivalWindow: number | null;
  customerName: string | null;
  contactName: string | null;
  /** The assigned technicians' full names (or the one on the way). */
  technicians: string[];
  address: string | null;
  organizationName: string;
  organizationPhone: string | null;
  reviewLink: string | null;
  website: string | null;
  etaMinutes?: number | null;
  /** Today, for whether a date needs its year. */
  now?: Date;
};

/**
 * Intl separates times with narrow and thin no-break spaces and ranges with an en
 * dash: none of them is in the GSM alphabet, and one of them turns a whole text
 * message into UCS-2 (70 characters a part instead of 160). Plain ones read the same.
 */
export const plainSpacing = (text: string) => text.replace(/[\u00a0\u2009\u202f]/g, " ").replace(/[\u2013\u2014]/g, "-");

const firstName = (name: string) => name.trim().split(/\s+/)[0] ?? "";

/** An address on one line, as a text message can carry it: street, town; the country left out. */
export function addressLine(parts: { line1: string | null; line2: string | null; zip: string | null; city: string | null; state: string | null }): string | null {
  const town = [parts.zip, parts.city].filter(Boolean).join(" ");
  const line = [parts.line1, parts.line2, town, parts.state].filter(Boolean).join(", ");
  return line || null;
}

/** Each placeholder's words for a visit; placeholders the facts say nothing about are left out. */
export function visitPlaceholderValues(facts: VisitFacts): PlaceholderValues {
  const { locale, zone, start } = facts;
  const t = translatorFor(locale);
  const now = facts.now ?? new Date();

  // A date names its year only when it is not this year's.
  const thisYear = localParts(now, zone).date.slice(0, 4);
  const dateOf = (instant: Date, timeZone: string, year: string) =>
    plainSpacing(new Intl.DateTimeFormat(locale, { weekday: "long", day: "numeric", month: "long", timeZone, ...(year !== thisYear && { year: "numeric" }) }).format(instant));
  // 9:00 AM in the United States, 09:00 elsewhere.
  const clock = { hour: locale === "en-US" ? "numeric" : "2-digit", minute: "2-digit", timeZone: zone } as const;
  const timeOf = (instant: Date) => plainSpacing(new Intl.DateTimeFormat(locale, clock).format(instant));

  const visit: NonNullable<PlaceholderWords["visit"]> = {};
  if (start) {
    visit.date = dateOf(start, zone, localParts(start, zone).date.slice(0, 4));
    visit.time = timeOf(start);
    if (facts.arrivalWindow) {
      const end = new Date(start.getTime() + facts.arrivalWindow * 60_000);
      visit.arrival_window = plainSpacing(new Intl.DateTimeFormat(locale, clock).formatRange(start, end));
      visit.when = t("automaticMessages.when.window", { date: visit.date, start: visit.time, end: timeOf(end) });
    } else {
      visit.when = t("automaticMessages.when.time", { date: visit.date, time: visit.time });
    }
  } else if (facts.day) {
    // A calendar day, not an instant: read at noon UTC in UTC, it is that day everywhere.
    visit.date = dateOf(new Date(`${facts.day}T12:00:00Z`), "UTC", facts.day.slice(0, 4));
    visit.when = t("automaticMessages.when.day", { date: visit.date });
  }
  if (facts.etaMinutes !== undefined && facts.etaMinutes !== null && facts.etaMinutes > 0) visit.eta = String(facts.etaMinutes);

  const names = facts.technicians.map(firstName).filter(Boolean);
  return placeholderValues({
    customer: { name: facts.customerName },
    contact: { name: facts.contactName ?? facts.customerName },
    visit,
    technician: { first_name: names.length > 0 ? new Intl.ListFormat(locale, { type: "conjunction" }).format(names) : null },
    site: { address: facts.address },
    organization: { name: facts.organizationName, phone: facts.organizationPhone },
    links: { review: facts.reviewLink, website: facts.website },
  });
}

/** What is known of a quote a message is about. */
export type QuoteFacts = {
  locale: AppLocale;
  customerName: string | null;
  number: string;
  title: string;
  /** The link to the quote's page the message carries. */
  link: string | null;
  /** The last day the quote is valid (YYYY-MM-DD), if it has one. */
  validUntil: string | null;
  organizationName: string;
  organizationPhone: string | null;
  website: string | null;
};

/** Each placeholder's words for a quote; a validity date as a long date in the message's language. */
export function quotePlaceholderValues(facts: QuoteFacts): PlaceholderValues {
  // A calendar day, not an instant: read at noon UTC in UTC, it is that day everywhere.
  const validUntil = facts.validUntil
    ? plainSpacing(new Intl.DateTimeFormat(facts.locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${facts.validUntil}T12:00:00Z`)))
    : null;
  return placeholderValues({
    customer: { name: facts.customerName },
    contact: { name: facts.customerName },
    quote: { number: facts.number, title: facts.title, link: facts.link, valid_until: validUntil },
    organization: { name: facts.organizationName, phone: facts.organizationPhone },
    links: { website: facts.website },
  });
}

/** What is known of an invoice a payment reminder is about. */
export type InvoiceFacts = {
  locale: AppLocale;
  customerName: string | null;
  number: string;
  /** What is left to pay, in minor units of `currency`. */
  amountDue: number;
  currency: string;
  /** Its due date (YYYY-MM-DD). */
  dueDate: string | null;
  /** The link to the invoice's page the message carries. */
  link: string | null;
  organizationName: string;
  organizationPhone: string | null;
  website: string | null;
};

/** Each placeholder's words for an invoice: the amount due with its currency and the due date as a long date, in the message's language. */
export function invoicePlaceholderValues(facts: InvoiceFacts): PlaceholderValues {
  const dueDate = facts.dueDate
    ? plainSpacing(new Intl.DateTimeFormat(facts.locale, { day: "numeric", month: "long", year: "numeric", timeZone: "UTC" }).format(new Date(`${facts.dueDate}T12:00:00Z`)))
    : null;
  return placeholderValues({
    customer: { name: facts.customerName },
    contact: { name: facts.customerName },
    invoice: { number: facts.number, amount_due: plainSpacing(formatMoney(facts.amountDue, facts.currency, facts.locale)), due_date: dueDate, link: facts.link },
    organization: { name: facts.organizationName, phone: facts.organizationPhone },
    links: { website: facts.website },
  });
}

import "server-only";
import { and, desc, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { contact } from "@/db/schema/contact";
import { customer } from "@/db/schema/customer";
import { invoice } from "@/db/schema/invoice";
import { member } from "@/db/schema/member";
import type { organization } from "@/db/schema/organization";
import { quote, quoteRevision } from "@/db/schema/quote";
import { site } from "@/db/schema/site";
import { visit } from "@/db/schema/visit";
import { customerLocale, type AppLocale } from "@/lib/i18n/locales";
import { isInvoiceTrigger, isQuoteTrigger, SAMPLE_ETA_MINUTES, type AutomaticTrigger, type TemplateField } from "@/lib/schemas/automatic-message-triggers";
import type { Channel } from "@/lib/schemas/channels";
import { renderTemplate } from "@/lib/schemas/message-template";
import { appOrigin } from "@/lib/server/app-origin";
import { notFound } from "@/lib/server/errors";
import { organizationCurrency } from "@/lib/money/currency";
import { decimalToMinor } from "@/lib/money/format";
import { instantOnDay, localParts } from "@/lib/server/zoned-time";
import { textEmailHtml } from "../messaging/text-html";
import { businessTimeZone } from "../site";
import { effectiveSettings, findOrganizationRow, organizationLocale, type AutomaticMessageSettings } from "./settings";
import { defaultTexts, type Texts } from "./defaults";
import { addressLine, invoicePlaceholderValues, quotePlaceholderValues, visitPlaceholderValues, type PlaceholderValues, type VisitFacts } from "./values";
import { businessAtLocation } from "@/lib/services/business-at";

type OrganizationRow = typeof organization.$inferSelect;

/** Who the message is for: a session, or an organization id where no session is (a job). */
export type Scope = { organizationId: string };

/** What `renderAutomaticMessage` gives: an email's subject, text and HTML part, or a text message's text, in `language`. */
export type RenderedAutomaticMessage = { channel: Channel; language: AppLocale; subject?: string; text: string; html?: string };

export type RenderExtras = {
  /** On my way: the minutes until arrival the technician gave. */
  etaMinutes?: number | null;
  /** On my way: the member who is on the way; the visit's assigned members otherwise. */
  memberId?: string | null;
  /** A quote's message: the link to its page it carries (made as it is sent). */
  link?: string | null;
};

/** The texts a channel is written from. */
const CHANNEL_FIELDS: Record<Channel, TemplateField[]> = { email: ["email_subject", "email_body"], sms: ["sms"] };

/**
 * The language a channel's message is written in: the organization's when it wrote
 * any of that channel's texts itself (they are in its language), else the
 * customer's own, else the organization's, with the default texts of that language.
 */
function messageTexts(settings: AutomaticMessageSettings, trigger: AutomaticTrigger, channel: Channel, customerLanguage: string | null): { language: AppLocale; texts: Texts } {
  const own = settings.triggers[trigger];
  if (CHANNEL_FIELDS[channel].some((field) => own.customized.includes(field))) return { language: settings.language, texts: own };
  const language = customerLocale(customerLanguage, settings.language);
  return { language, texts: defaultTexts(language, trigger) };
}

type Fill = (language: AppLocale, texts: Pick<Texts, TemplateField>, values: PlaceholderValues) => RenderedAutomaticMessage | null;

/** A channel's message from its texts and the placeholders' words; null when its text comes out empty (the channel is not used). */
const FILL: Record<Channel, Fill> = {
  email(language, texts, values) {
    const text = renderTemplate(texts.email_body, values) ?? "";
    if (!text) return null;
    // A subject is one line, however the template's sections left it.
    const subject = (renderTemplate(texts.email_subject, values) ?? "").split("\n").map((line) => line.trim()).filter(Boolean).join(" ");
    return { channel: "email", language, subject, text, html: textEmailHtml(text) };
  },
  sms(language, texts, values) {
    const text = renderTemplate(texts.sms, values) ?? "";
    return text ? { channel: "sms", language, text } : null;
  },
};

const fillIn = (channel: Channel, language: AppLocale, texts: Pick<Texts, TemplateField>, values: PlaceholderValues) => FILL[channel](language, texts, values);

/** Everything a visit's message may name, read in a few statements. */
async function visitFacts(db: Db, org: OrganizationRow, settings: AutomaticMessageSettings, visitId: string, extras: RenderExtras) {
  const [row] = await db
    .select()
    .from(visit)
    .where(and(eq(visit.organizationId, org.id), eq(visit.id, visitId)));
  if (!row) throw notFound("Visit");
  const [place] = row.siteId
    ? await db
        .select()
        .from(site)
        .where(and(eq(site.organizationId, org.id), eq(site.id, row.siteId)))
    : [];
  const [person] = place?.contactId
    ? await db
        .select({ name: contact.name })
        .from(contact)
        .where(and(eq(contact.organizationId, org.id), eq(contact.id, place.contactId)))
    : [];
  const [client] = row.customerId
    ? await db
        .select({ name: customer.name, language: customer.language })
        .from(customer)
        .where(and(eq(customer.organizationId, org.id), eq(customer.id, row.customerId)))
    : [];
  const memberIds = extras.memberId ? [extras.memberId] : row.members;
  const members =
    memberIds.length > 0
      ? await db
          .select({ id: member.id, name: member.name })
          .from(member)
          .where(and(eq(member.organizationId, org.id), inArray(member.id, memberIds)))
      : [];
  const business = await businessAtLocation(db, org, row.locationId);
  const byId = new Map(members.map((found) => [found.id, found.name]));
  const facts: Omit<VisitFacts, "locale"> = {
    zone: row.timeZone,
    start: row.startAt,
    day: row.day,
    arrivalWindow: row.arrivalWindow,
    customerName: client?.name ?? null,
    contactName: person?.name ?? null,
    technicians: memberIds.map((id) => byId.get(id)).filter((name): name is string => Boolean(name)),
    address: place ? addressLine(place) : null,
    organizationName: org.name,
    organizationPhone: business.phone ?? null,
    reviewLink: settings.review_link,
    website: business.website ?? null,
    etaMinutes: extras.etaMinutes ?? null,
  };
  return { row, facts, customerLanguage: client?.language ?? null };
}

/** Whether a trigger's message goes out for a visit: the organization's switch, the trigger's, and the visit's own. */
export const sendsAutomatically = (settings: AutomaticMessageSettings, trigger: AutomaticTrigger, visitRow: { automaticMessages: boolean }) =>
  settings.enabled && settings.triggers[trigger].enabled && visitRow.automaticMessages;

/** Everything a quote's message may name: the last revision sent (its number and title as the customer has them). */
async function quoteFacts(db: Db, org: OrganizationRow, quoteId: string) {
  const [row] = await db
    .select()
    .from(quote)
    .where(and(eq(quote.organizationId, org.id), eq(quote.id, quoteId)));
  if (!row) throw notFound("Quote");
  const [sent] = await db
    .select({ document: quoteRevision.document })
    .from(quoteRevision)
    .where(and(eq(quoteRevision.organizationId, org.id), eq(quoteRevision.quoteId, row.id)))
    .orderBy(desc(quoteRevision.revision))
    .limit(1);
  const [client] = await db
    .select({ name: customer.name, language: customer.language })
    .from(customer)
    .where(and(eq(customer.organizationId, org.id), eq(customer.id, row.customerId)));
  const business = await businessAtLocation(db, org, row.locationId);
  return {
    facts: {
      customerName: client?.name ?? null,
      number: sent?.document.number ?? row.number ?? "",
      title: sent?.document.title ?? row.title,
      validUntil: sent?.document.valid_until ?? row.validUntil,
      organizationName: org.name,
      organizationPhone: business.phone ?? null,
      website: business.website ?? null,
    },
    customerLanguage: client?.language ?? null,
  };
}

/**
 * A quote trigger's message on one channel, in the customer's language (or the
 * organization's, for texts it wrote), carrying `extras.link`. Null when the
 * organization or the trigger is switched off, or the channel's text is empty.
 */
async function renderQuoteMessage(db: Db, org: OrganizationRow, settings: AutomaticMessageSettings, trigger: AutomaticTrigger, quoteId: string, channel: Channel, extras: RenderExtras) {
  const { facts, customerLanguage } = await quoteFacts(db, org, quoteId);
  if (!settings.enabled || !settings.triggers[trigger].enabled) return null;
  const { language, texts } = messageTexts(settings, trigger, channel, customerLanguage);
  return fillIn(channel, language, texts, quotePlaceholderValues({ ...facts, locale: language, link: extras.link ?? null }));
}

/** Everything an invoice's reminder may name: its number, what is left to pay and its due date, as issued. */
async function invoiceFacts(db: Db, org: OrganizationRow, invoiceId: string) {
  const [row] = await db
    .select()
    .from(invoice)
    .where(and(eq(invoice.organizationId, org.id), eq(invoice.id, invoiceId)));
  if (!row) throw notFound("Invoice");
  const [client] = await db
    .select({ name: customer.name, language: customer.language })
    .from(customer)
    .where(and(eq(customer.organizationId, org.id), eq(customer.id, row.customerId)));
  const business = await businessAtLocation(db, org, row.locationId);
  return {
    facts: {
      customerName: client?.name ?? null,
      number: row.number ?? "",
      amountDue: row.due,
      currency: row.currency,
      dueDate: row.dueDate,
      organizationName: org.name,
      organizationPhone: business.phone ?? null,
      website: business.website ?? null,
    },
    // The language the invoice was issued in, else the customer's.
    customerLanguage: row.document?.language ?? client?.language ?? null,
  };
}

/** An invoice trigger's message on one channel, carrying `extras.link`; null when switched off or its text is empty. */
async function renderInvoiceMessage(db: Db, org: OrganizationRow, settings: AutomaticMessageSettings, trigger: AutomaticTrigger, invoiceId: string, channel: Channel, extras: RenderExtras) {
  const { facts, customerLanguage } = await invoiceFacts(db, org, invoiceId);
  if (!settings.enabled || !settings.triggers[trigger].enabled) return null;
  const { language, texts } = messageTexts(settings, trigger, channel, customerLanguage);
  return fillIn(channel, language, texts, invoicePlaceholderValues({ ...facts, locale: language, link: extras.link ?? null }));
}

/**
 * A trigger's message about a visit (or a quote or an invoice, for their triggers) on one channel, in the customer's language
 * (or the organization's, for texts it wrote), with the visit's date and time at
 * its site's time zone. Null when nothing is to be sent: automatic messages or the
 * trigger are switched off for the organization, the visit is switched off, or the
 * channel's text is empty. A visit of another organization is a 404. The caller
 * decides the recipient, quiet hours and consent.
 */
export async function renderAutomaticMessage(
  db: Db,
  scope: Scope,
  trigger: AutomaticTrigger,
  visitId: string,
  channel: Channel,
  extras: RenderExtras = {},
): Promise<RenderedAutomaticMessage | null> {
  const org = await findOrganizationRow(db, scope.organizationId, scope.organizationId);
  const settings = effectiveSettings(org.automaticMessages, organizationLocale(org.language));
  if (isQuoteTrigger(trigger)) return renderQuoteMessage(db, org, settings, trigger, visitId, channel, extras);
  if (isInvoiceTrigger(trigger)) return renderInvoiceMessage(db, org, settings, trigger, visitId, channel, extras);
  const { row, facts, customerLanguage } = await visitFacts(db, org, settings, visitId, extras);
  if (!sendsAutomatically(settings, trigger, row)) return null;
  const { language, texts } = messageTexts(settings, trigger, channel, customerLanguage);
  return fillIn(channel, language, texts, visitPlaceholderValues({ ...facts, locale: language }));
}

// ---- the sample visit of previews and tests ----

type Sample = { customer: string; address: string; technician: string; quote: string };

const SAMPLES: Record<AppLocale, Sample> = {
  "en-US": { customer: "Jordan Miller", address: "742 Maple Avenue, Springfield", technician: "Alex Carter", quote: "New water heater" },
  "en-GB": { customer: "Mia Miller", address: "12 Park Row, Leeds LS1 5HD", technician: "Alex Carter", quote: "New boiler" },
  "de-DE": { customer: "Anna Schmidt", address: "Hauptstraße 5, 80331 München", technician: "Jonas Weber", quote: "Neue Heizungsanlage" },
  "fr-FR": { customer: "Camille Martin", address: "12 rue de la Paix, 75002 Paris", technician: "Lucas Bernard", quote: "Nouvelle chaudière" },
};

/** A made-up token as long as a real one and of its alphabet, so a preview counts a text's characters and segments as sent. */
const SAMPLE_TOKEN = "Sample0Token0of0a0Quote0Link0xxxxxxxxxxxxxx";

/** The sample quote's number, link and validity (30 days from now), for previews of the quote triggers. */
function sampleQuote(language: AppLocale, sample: Sample, zone: string, now: Date, org: OrganizationRow) {
  const day = new Date(`${localParts(now, zone).date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 30);
  return quotePlaceholderValues({
    locale: language,
    customerName: sample.customer,
    number: `Q-${day.toISOString().slice(0, 4)}-0042`,
    title: sample.quote,
    link: `${appOrigin()}/p/quote/${SAMPLE_TOKEN}`,
    validUntil: day.toISOString().slice(0, 10),
    organizationName: org.name,
    organizationPhone: org.business.phone ?? null,
    website: org.business.website ?? null,
  });
}

/** The sample invoice: due in 14 days, 1,250.00 of the organization's currency left to pay. */
function sampleInvoice(language: AppLocale, sample: Sample, zone: string, now: Date, org: OrganizationRow) {
  const day = new Date(`${localParts(now, zone).date}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 14);
  const currency = organizationCurrency(org);
  return invoicePlaceholderValues({
    locale: language,
    customerName: sample.customer,
    number: `INV-${day.toISOString().slice(0, 4)}-0042`,
    amountDue: decimalToMinor("1250", currency) ?? 0,
    currency,
    dueDate: day.toISOString().slice(0, 10),
    link: `${appOrigin()}/p/invoice/${SAMPLE_TOKEN}`,
    organizationName: org.name,
    organizationPhone: org.business.phone ?? null,
    website: org.business.website ?? null,
  });
}

/** The sample visit's start: 09:00 two days from now at the organization's time zone, with a two-hour arrival window. */
function sampleStart(zone: string, now: Date) {
  const today = localParts(now, zone).date;
  const day = new Date(`${today}T00:00:00Z`);
  day.setUTCDate(day.getUTCDate() + 2);
  return instantOnDay(day.toISOString().slice(0, 10), "09:00", zone);
}

/**
 * The placeholders' words for the sample visit previews and tests use, in the
 * organization's language: a made-up customer, address and technician in it, the
 * organization's own name, phone, web site and review link.
 */
export async function sampleVisitContext(
  db: Db,
  scope: Scope,
  { etaMinutes = SAMPLE_ETA_MINUTES, now = new Date() }: { etaMinutes?: number; now?: Date } = {},
): Promise<{ language: AppLocale; settings: AutomaticMessageSettings; values: PlaceholderValues }> {
  const org = await findOrganizationRow(db, scope.organizationId, scope.organizationId);
  const language = organizationLocale(org.language);
  const settings = effectiveSettings(org.automaticMessages, language);
  const zone = await businessTimeZone(db, org.id, null);
  const sample = SAMPLES[language];
  const values = visitPlaceholderValues({
    locale: language,
    zone,
    start: sampleStart(zone, now),
    day: null,
    arrivalWindow: 120,
    customerName: sample.customer,
    contactName: null,
    technicians: [sample.technician],
    address: sample.address,
    organizationName: org.name,
    organizationPhone: org.business.phone ?? null,
    reviewLink: settings.review_link,
    website: org.business.website ?? null,
    etaMinutes,
    now,
  });
  return { language, settings, values: { ...sampleQuote(language, sample, zone, now, org), ...sampleInvoice(language, sample, zone, now, org), ...values } };
}

/** A trigger's texts filled in for the sample visit: the given texts, else the saved ones. */
export function sampleMessage(channel: Channel, language: AppLocale, texts: Texts, values: PlaceholderValues) {
  return fillIn(channel, language, texts, values);
}

// What automatic messages are sent on, what their templates may name, and their
// bounds: shared by the settings screen, the schemas and the server. No zod here,
// so a screen can lay out the triggers without loading it.

/**
 * When a message to the customer sends itself. `rescheduled` also covers a visit
 * given to other technicians; both reminders share the `reminder` template (each
 * names the visit's date and time, which is what differs between them).
 * `quote_follow_up` is about a quote, not a visit: sent so many days after the quote
 * was sent when the customer has neither opened nor answered it.
 * `invoice_reminder` and `invoice_overdue` are about an invoice: a payment reminder so
 * many days before its due date, and up to two so many days after it, while unpaid.
 */
export const AUTOMATIC_TRIGGERS = ["booked", "rescheduled", "cancelled", "reminder", "on_my_way", "completed", "quote_follow_up", "invoice_reminder", "invoice_overdue"] as const;
export type AutomaticTrigger = (typeof AUTOMATIC_TRIGGERS)[number];

/** The triggers about a quote; the others are about a visit. */
export const QUOTE_TRIGGERS = ["quote_follow_up"] as const satisfies readonly AutomaticTrigger[];
export type QuoteTrigger = (typeof QUOTE_TRIGGERS)[number];
export const isQuoteTrigger = (trigger: string): trigger is QuoteTrigger => (QUOTE_TRIGGERS as readonly string[]).includes(trigger);

/** The triggers about an invoice. */
export const INVOICE_TRIGGERS = ["invoice_reminder", "invoice_overdue"] as const satisfies readonly AutomaticTrigger[];
export type InvoiceTrigger = (typeof INVOICE_TRIGGERS)[number];
export const isInvoiceTrigger = (trigger: string): trigger is InvoiceTrigger => (INVOICE_TRIGGERS as readonly string[]).includes(trigger);

/** What a trigger's previews and tests fill its texts in for: the sample quote, invoice or visit (the words' `source`). */
export const sampleSource = (trigger: AutomaticTrigger) => (isQuoteTrigger(trigger) ? "quote" : isInvoiceTrigger(trigger) ? "invoice" : "visit");

export const isAutomaticTrigger = (value: unknown): value is AutomaticTrigger => (AUTOMATIC_TRIGGERS as readonly unknown[]).includes(value);

/** The texts of one trigger's message: an email's subject and body, and a text message. */
export const TEMPLATE_FIELDS = ["email_subject", "email_body", "sms"] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** The longest text each template may be, in characters, before its placeholders are filled in. */
export const TEMPLATE_MAX: Record<TemplateField, number> = { email_subject: 200, email_body: 5000, sms: 1000 };

/**
 * Every placeholder a template may use, by group, in the order the insert menu
 * offers them; a placeholder is written `{{group.name}}` ("customer" and "name").
 * Dates and times are the visit's, at its site's time zone, in the message's language.
 * The link to a quote or an invoice (group "quote" or "invoice", name "link") is a new one, made as the message is sent.
 */
export const PLACEHOLDER_GROUPS = {
  customer: ["name"],
  contact: ["name"],
  visit: ["when", "date", "time", "arrival_window", "eta"],
  technician: ["first_name"],
  site: ["address"],
  organization: ["name", "phone"],
  links: ["review", "website"],
  quote: ["number", "title", "link", "valid_until"],
  invoice: ["number", "amount_due", "due_date", "link"],
} as const;
type Groups = typeof PLACEHOLDER_GROUPS;
export type PlaceholderGroup = keyof Groups;
export type Placeholder = { [G in PlaceholderGroup]: `${G}.${Groups[G][number]}` }[PlaceholderGroup];

/** Each placeholder's words, by group: what fills a template in. */
export type PlaceholderWords = { [G in PlaceholderGroup]?: { [N in Groups[G][number]]?: string | null } };

export const PLACEHOLDERS = (Object.keys(PLACEHOLDER_GROUPS) as PlaceholderGroup[]).flatMap((group) =>
  PLACEHOLDER_GROUPS[group].map((name) => `${group}.${name}` as Placeholder),
);

/** The words by placeholder, as a template is filled in with them; a placeholder without words is left out. */
export function placeholderValues(words: PlaceholderWords): Partial<Record<Placeholder, string>> {
  const values: Partial<Record<Placeholder, string>> = {};
  for (const [group, names] of Object.entries(words) as [PlaceholderGroup, Record<string, string | null | undefined>][]) {
    for (const [name, value] of Object.entries(names)) if (value) values[`${group}.${name}` as Placeholder] = value;
  }
  return values;
}

/** The groups a quote's message may name: no visit, technician, site or review. */
const QUOTE_GROUPS = new Set<string>(["customer", "contact", "quote", "organization"]);
const QUOTE_PLACEHOLDERS = PLACEHOLDERS.filter((name) => QUOTE_GROUPS.has(name.split(".")[0]) || name === "links.website");
const INVOICE_GROUPS = new Set<string>(["customer", "contact", "invoice", "organization"]);
const INVOICE_PLACEHOLDERS = PLACEHOLDERS.filter((name) => INVOICE_GROUPS.has(name.split(".")[0]) || name === "links.website");
const VISIT_PLACEHOLDERS = PLACEHOLDERS.filter((name) => !name.startsWith("quote.") && !name.startsWith("invoice."));

/** The placeholders a trigger's templates may use: the ETA is known only when the technician says they are on their way; a quote's message names the quote. */
const ETA: Placeholder = "visit.eta";
export const placeholdersFor = (trigger: AutomaticTrigger): readonly Placeholder[] =>
  isQuoteTrigger(trigger) ? QUOTE_PLACEHOLDERS : isInvoiceTrigger(trigger) ? INVOICE_PLACEHOLDERS : trigger === "on_my_way" ? VISIT_PLACEHOLDERS : VISIT_PLACEHOLDERS.filter((name) => name !== ETA);

/** A quote's follow-up goes so many days after it was sent. */
export const QUOTE_FOLLOW_UP_DAYS_MIN = 1;
export const QUOTE_FOLLOW_UP_DAYS_MAX = 30;
export const DEFAULT_QUOTE_FOLLOW_UP_DAYS = 3;

/** An invoice's payment reminder goes so many days before its due date; the overdue ones so many days after it (up to two). */
export const INVOICE_REMINDER_DAYS_MIN = 1;
export const INVOICE_REMINDER_DAYS_MAX = 30;
export const DEFAULT_INVOICE_REMINDER_DAYS = 3;
export const INVOICE_OVERDUE_DAYS_MAX = 180;
export const INVOICE_OVERDUE_MAX = 2;
export const DEFAULT_INVOICE_OVERDUE_DAYS: readonly number[] = [7, 21];
/** The local time of day an invoice's reminders go at (the invoice's location's zone). */
export const INVOICE_REMINDER_TIME = "09:00";

/** Up to two reminders per organization. */
export const REMINDERS_MAX = 2;
export const REMINDER_HOURS_MAX = 168;
export const REMINDER_DAYS_MAX = 14;

/** A reminder: so many hours before the visit starts, or so many days before at a local time of day ("HH:MM" at the site). */
export type Reminder = { kind: "hours_before"; hours: number } | { kind: "days_before_at"; days: number; time: string };

/** No text messages between these local times at the site ("HH:MM"); none when null. */
export type QuietHours = { from: string; to: string };

export const DEFAULT_QUIET_HOURS: QuietHours = { from: "21:00", to: "08:00" };
export const DEFAULT_REMINDERS: Reminder[] = [{ kind: "days_before_at", days: 1, time: "17:00" }];

/** The sample visit's ETA in the preview, in minutes. */
export const SAMPLE_ETA_MINUTES = 20;

/** One trigger as an organization keeps it: only what it changed; the rest is the default. */
export type StoredTrigger = { enabled?: boolean } & Partial<Record<TemplateField, string>>;

/** The organization's automatic message settings as kept (organization.automatic_messages): only what it changed. */
export type StoredAutomaticMessages = {
  enabled?: boolean;
  triggers?: Partial<Record<AutomaticTrigger, StoredTrigger>>;
  reminders?: Reminder[];
  quiet_hours?: QuietHours | null;
  review_link?: string | null;
  quote_follow_up_days?: number;
  invoice_reminder_days?: number;
  invoice_overdue_days?: number[];
};

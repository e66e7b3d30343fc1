// What automatic messages are sent on, what their templates may name, and their
// bounds: shared by the settings screen, the schemas and the server. No zod here,
// so a screen can lay out the triggers without loading it.

/**
 * When a message to the customer sends itself. `rescheduled` also covers a visit
 * given to other technicians; both reminders share the `reminder` template (each
 * names the visit's date and time, which is what differs between them).
 */
export const AUTOMATIC_TRIGGERS = ["booked", "rescheduled", "cancelled", "reminder", "on_my_way", "completed"] as const;
export type AutomaticTrigger = (typeof AUTOMATIC_TRIGGERS)[number];

export const isAutomaticTrigger = (value: unknown): value is AutomaticTrigger => (AUTOMATIC_TRIGGERS as readonly unknown[]).includes(value);

/** The texts of one trigger's message: an email's subject and body, and a text message. */
export const TEMPLATE_FIELDS = ["email_subject", "email_body", "sms"] as const;
export type TemplateField = (typeof TEMPLATE_FIELDS)[number];

/** The longest text each template may be, in characters, before its placeholders are filled in. */
export const TEMPLATE_MAX: Record<TemplateField, number> = { email_subject: 200, email_body: 5000, sms: 1000 };

/**
 * Every placeholder a template may use, in the order the insert menu offers them.
 * Dates and times are the visit's, at its site's time zone, in the message's language.
 */
export const PLACEHOLDERS = [
  "customer.name",
  "contact.name",
  "visit.when",
  "visit.date",
  "visit.time",
  "visit.arrival_window",
  "visit.eta",
  "technician.first_name",
  "site.address",
  "organization.name",
  "organization.phone",
  "links.review",
  "links.website",
] as const;
export type Placeholder = (typeof PLACEHOLDERS)[number];

/** The placeholders a trigger's templates may use: the ETA is known only when the technician says they are on their way. */
export const placeholdersFor = (trigger: AutomaticTrigger): readonly Placeholder[] =>
  trigger === "on_my_way" ? PLACEHOLDERS : PLACEHOLDERS.filter((name) => name !== "visit.eta");

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
};

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { isLocale, DEFAULT_LOCALE, type AppLocale } from "@/lib/i18n/locales";
import {
  AUTOMATIC_TRIGGERS,
  DEFAULT_QUIET_HOURS,
  DEFAULT_INVOICE_OVERDUE_DAYS,
  DEFAULT_INVOICE_REMINDER_DAYS,
  DEFAULT_QUOTE_FOLLOW_UP_DAYS,
  DEFAULT_REMINDERS,
  TEMPLATE_FIELDS,
  type AutomaticTrigger,
  type QuietHours,
  type Reminder,
  type StoredAutomaticMessages,
  type StoredTrigger,
  type TemplateField,
} from "@/lib/schemas/automatic-message-triggers";
import type { AutomaticMessagesUpdate } from "@/lib/schemas/automatic-messages";
import { badRequest, notFound, type FieldError } from "@/lib/server/errors";
import type { HistoryChanges } from "@/db/schema/activity";
import { recordHistory } from "@/lib/server/history";
import type { SessionContext } from "@/lib/server/session";
import { defaultTexts, type Texts } from "./defaults";

/*
 * An organization keeps only what it changed of its automatic message settings
 * (organization.automatic_messages); everything else is the default, read here.
 * So every organization has the default texts in its language without a data
 * migration, and a text set back to the default follows the language again.
 *
 * `enabled` is the organization's own switch for all of them. An organization
 * that has never set it sends nothing: organizations made before automatic
 * messages existed do not start writing to their customers on their own; sign-up
 * switches it on for new ones.
 */

export type TriggerSettings = Texts & { enabled: boolean; customized: TemplateField[] };

export type AutomaticMessageSettings = {
  enabled: boolean;
  /** The organization's language: of the default texts it sees, and of its own texts. */
  language: AppLocale;
  triggers: Record<AutomaticTrigger, TriggerSettings>;
  reminders: Reminder[];
  quiet_hours: QuietHours | null;
  review_link: string | null;
  /** A quote's follow-up goes so many days after it was sent. */
  quote_follow_up_days: number;
  /** An invoice's payment reminder goes so many days before its due date. */
  invoice_reminder_days: number;
  /** And its overdue reminders so many days after it, in order (up to two). */
  invoice_overdue_days: number[];
};

export const organizationLocale = (language: string | null | undefined): AppLocale => (isLocale(language) ? language : DEFAULT_LOCALE);

/** The settings an organization works with: what it stored over the defaults of its language. */
export function effectiveSettings(stored: StoredAutomaticMessages, language: AppLocale): AutomaticMessageSettings {
  const triggers = Object.fromEntries(
    AUTOMATIC_TRIGGERS.map((trigger) => {
      const own: StoredTrigger = stored.triggers?.[trigger] ?? {};
      const defaults = defaultTexts(language, trigger);
      const customized = TEMPLATE_FIELDS.filter((field) => own[field] !== undefined);
      const texts = Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, own[field] ?? defaults[field]])) as Texts;
      return [trigger, { enabled: own.enabled ?? true, ...texts, customized }];
    }),
  ) as Record<AutomaticTrigger, TriggerSettings>;
  return {
    enabled: stored.enabled ?? false,
    language,
    triggers,
    reminders: stored.reminders ?? DEFAULT_REMINDERS,
    quiet_hours: stored.quiet_hours === undefined ? DEFAULT_QUIET_HOURS : stored.quiet_hours,
    review_link: stored.review_link ?? null,
    quote_follow_up_days: stored.quote_follow_up_days ?? DEFAULT_QUOTE_FOLLOW_UP_DAYS,
    invoice_reminder_days: stored.invoice_reminder_days ?? DEFAULT_INVOICE_REMINDER_DAYS,
    invoice_overdue_days: stored.invoice_overdue_days ?? [...DEFAULT_INVOICE_OVERDUE_DAYS],
  };
}

/** The session's organization's row; another organization's id is a 404. */
export async function findOrganizationRow(db: Db, organizationId: string, id: string, lock = false) {
  const select = db
    .select()
    .from(organization)
    .where(and(eq(organization.id, id), eq(organization.id, organizationId)));
  const [row] = lock ? await select.for("update") : await select;
  if (!row) throw notFound("Organization");
  return row;
}

/** An organization's settings, read where no session is (the jobs that send). */
export async function loadAutomaticMessageSettings(db: Db, organizationId: string): Promise<AutomaticMessageSettings> {
  const row = await findOrganizationRow(db, organizationId, organizationId);
  return effectiveSettings(row.automaticMessages, organizationLocale(row.language));
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The stored settings with a patch applied; a value equal to its default is not kept, so it follows the default. */
function applied(stored: StoredAutomaticMessages, patch: AutomaticMessagesUpdate, language: AppLocale): StoredAutomaticMessages {
  const next: StoredAutomaticMessages = structuredClone(stored);
  if (patch.enabled !== undefined) next.enabled = patch.enabled;
  for (const trigger of AUTOMATIC_TRIGGERS) {
    const change = patch.triggers?.[trigger];
    if (!change) continue;
    const own: StoredTrigger = { ...next.triggers?.[trigger] };
    if (change.enabled === true) delete own.enabled;
    else if (change.enabled === false) own.enabled = false;
    const defaults = defaultTexts(language, trigger);
    for (const field of TEMPLATE_FIELDS) {
      const text = change[field];
      if (text === undefined) continue;
      if (text === null || text === defaults[field]) delete own[field];
      else own[field] = text;
    }
    const triggers = { ...next.triggers };
    if (Object.keys(own).length > 0) triggers[trigger] = own;
    else delete triggers[trigger];
    next.triggers = triggers;
  }
  if (next.triggers && Object.keys(next.triggers).length === 0) delete next.triggers;
  if (patch.reminders !== undefined) {
    if (same(patch.reminders, DEFAULT_REMINDERS)) delete next.reminders;
    else next.reminders = patch.reminders as Reminder[];
  }
  if (patch.quiet_hours !== undefined) {
    if (same(patch.quiet_hours, DEFAULT_QUIET_HOURS)) delete next.quiet_hours;
    else next.quiet_hours = patch.quiet_hours;
  }
  if (patch.review_link !== undefined) {
    if (patch.review_link === null) delete next.review_link;
    else next.review_link = patch.review_link;
  }
  if (patch.quote_follow_up_days !== undefined) {
    if (patch.quote_follow_up_days === DEFAULT_QUOTE_FOLLOW_UP_DAYS) delete next.quote_follow_up_days;
    else next.quote_follow_up_days = patch.quote_follow_up_days;
  }
  if (patch.invoice_reminder_days !== undefined) {
    if (patch.invoice_reminder_days === DEFAULT_INVOICE_REMINDER_DAYS) delete next.invoice_reminder_days;
    else next.invoice_reminder_days = patch.invoice_reminder_days;
  }
  if (patch.invoice_overdue_days !== undefined) {
    const days = [...patch.invoice_overdue_days].sort((a, b) => a - b);
    if (same(days, DEFAULT_INVOICE_OVERDUE_DAYS)) delete next.invoice_overdue_days;
    else next.invoice_overdue_days = days;
  }
  return next;
}

/** An email with a body needs a subject; a trigger without an email body sends no email. */
function subjectProblems(settings: AutomaticMessageSettings): FieldError[] {
  return AUTOMATIC_TRIGGERS.flatMap((trigger) => {
    const { email_subject, email_body } = settings.triggers[trigger];
    return email_body.trim() !== "" && email_subject.trim() === ""
      ? [{ path: `triggers.${trigger}.email_subject`, message: "validation.automaticMessages.subjectNeeded" }]
      : [];
  });
}

/** What changed, field by field, as history keeps it: `automatic_messages.booked.sms` and the like. */
function historyChanges(before: AutomaticMessageSettings, after: AutomaticMessageSettings): HistoryChanges {
  const changes: HistoryChanges = {};
  const note = (key: string, a: unknown, b: unknown) => {
    if (!same(a, b)) changes[`automatic_messages.${key}`] = [a, b];
  };
  note("enabled", before.enabled, after.enabled);
  for (const trigger of AUTOMATIC_TRIGGERS) {
    note(`${trigger}.enabled`, before.triggers[trigger].enabled, after.triggers[trigger].enabled);
    for (const field of TEMPLATE_FIELDS) note(`${trigger}.${field}`, before.triggers[trigger][field], after.triggers[trigger][field]);
  }
  note("reminders", before.reminders, after.reminders);
  note("quiet_hours", before.quiet_hours, after.quiet_hours);
  note("review_link", before.review_link, after.review_link);
  note("quote_follow_up_days", before.quote_follow_up_days, after.quote_follow_up_days);
  note("invoice_reminder_days", before.invoice_reminder_days, after.invoice_reminder_days);
  note("invoice_overdue_days", before.invoice_overdue_days, after.invoice_overdue_days);
  return changes;
}

/**
 * Applies a patch to the session's organization's settings in one transaction,
 * with a history entry naming each setting that changed. Answers the settings as
 * they are now.
 */
export async function updateAutomaticMessageSettings(db: Db, session: SessionContext, id: string, patch: AutomaticMessagesUpdate): Promise<AutomaticMessageSettings> {
  return db.transaction(async (tx) => {
    const row = await findOrganizationRow(tx, session.organizationId, id, true);
    const language = organizationLocale(row.language);
    const before = effectiveSettings(row.automaticMessages, language);
    const stored = applied(row.automaticMessages, patch, language);
    const after = effectiveSettings(stored, language);
    const problems = subjectProblems(after);
    if (problems.length > 0) throw badRequest(problems);
    const changes = historyChanges(before, after);
    if (same(stored, row.automaticMessages)) return after;
    await tx.update(organization).set({ automaticMessages: stored, updatedAt: new Date() }).where(eq(organization.id, row.id));
    if (Object.keys(changes).length > 0) {
      await recordHistory(tx, { organizationId: row.id, entityType: "organization", entityId: row.id, memberId: session.memberId, action: "updated", changes });
    }
    return after;
  });
}

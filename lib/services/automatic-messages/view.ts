import "server-only";
import type { Db } from "@/db/client";
import { AUTOMATIC_TRIGGERS, placeholdersFor } from "@/lib/schemas/automatic-message-triggers";
import type { AutomaticMessagesUpdate, AutomaticMessagesView } from "@/lib/schemas/automatic-messages";
import type { SessionContext } from "@/lib/server/session";
import { defaultTexts } from "./defaults";
import { sampleVisitContext } from "./render";
import { findOrganizationRow, updateAutomaticMessageSettings } from "./settings";

/** The settings as the API answers them: with each trigger's default texts, its placeholders, and the sample visit's words for previews. */
async function viewOf(db: Db, session: SessionContext): Promise<AutomaticMessagesView> {
  const { settings, values } = await sampleVisitContext(db, session);
  const byTrigger = <T>(of: (trigger: (typeof AUTOMATIC_TRIGGERS)[number]) => T) =>
    Object.fromEntries(AUTOMATIC_TRIGGERS.map((trigger) => [trigger, of(trigger)])) as Record<(typeof AUTOMATIC_TRIGGERS)[number], T>;
  return {
    enabled: settings.enabled,
    language: settings.language,
    triggers: settings.triggers,
    defaults: byTrigger((trigger) => defaultTexts(settings.language, trigger)),
    reminders: settings.reminders,
    quiet_hours: settings.quiet_hours,
    review_link: settings.review_link,
    quote_follow_up_days: settings.quote_follow_up_days,
    invoice_reminder_days: settings.invoice_reminder_days,
    invoice_overdue_days: settings.invoice_overdue_days,
    placeholders: byTrigger((trigger) => [...placeholdersFor(trigger)]),
    sample: values as Record<string, string>,
  };
}

/** GET …/organization/{id}/automatic_messages: every member of the organization may read them. */
export async function getAutomaticMessages(db: Db, session: SessionContext, id: string) {
  await findOrganizationRow(db, session.organizationId, id);
  return viewOf(db, session);
}

/** PATCH …/organization/{id}/automatic_messages (admins). */
export async function updateAutomaticMessages(db: Db, session: SessionContext, id: string, patch: AutomaticMessagesUpdate) {
  await updateAutomaticMessageSettings(db, session, id, patch);
  return viewOf(db, session);
}

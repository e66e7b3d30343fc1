import {
  AUTOMATIC_TRIGGERS,
  TEMPLATE_FIELDS,
  type AutomaticTrigger,
  type PlaceholderGroup,
  type QuietHours,
  type Reminder,
  type TemplateField,
} from "@/lib/schemas/automatic-message-triggers";
import type { AutomaticMessagesUpdate, AutomaticMessagesView } from "@/lib/schemas/automatic-messages";
import type { Jsonify } from "@/lib/schemas/jsonify";

/** GET …/automatic_messages as the screen receives it. */
export type AutomaticMessagesItem = Jsonify<AutomaticMessagesView>;

export type TriggerValues = { enabled: boolean } & Record<TemplateField, string>;

/** What the form edits: the settings without the defaults, placeholders and sample that come with them. */
export type AutomaticMessagesValues = {
  enabled: boolean;
  triggers: Record<AutomaticTrigger, TriggerValues>;
  reminders: Reminder[];
  quiet_hours: QuietHours | null;
  review_link: string;
  quote_follow_up_days: number;
  invoice_reminder_days: number;
  /** The overdue reminders' days after the due date, as the two inputs hold them (null: none). */
  invoice_overdue_days: [number | null, number | null];
};

export function valuesOf(item: AutomaticMessagesItem): AutomaticMessagesValues {
  const triggers = Object.fromEntries(
    AUTOMATIC_TRIGGERS.map((trigger) => {
      const { enabled, email_subject, email_body, sms } = item.triggers[trigger];
      return [trigger, { enabled, email_subject, email_body, sms }];
    }),
  ) as Record<AutomaticTrigger, TriggerValues>;
  return { enabled: item.enabled, triggers, reminders: item.reminders as Reminder[], quiet_hours: item.quiet_hours, review_link: item.review_link ?? "", quote_follow_up_days: item.quote_follow_up_days,
    invoice_reminder_days: item.invoice_reminder_days,
    invoice_overdue_days: [item.invoice_overdue_days[0] ?? null, item.invoice_overdue_days[1] ?? null],
  };
}

const same = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

/** The PATCH body: only what differs from what was saved, each trigger by its changed parts. */
export function payloadOf(values: AutomaticMessagesValues, saved: AutomaticMessagesValues): AutomaticMessagesUpdate {
  const body: AutomaticMessagesUpdate = {};
  if (values.enabled !== saved.enabled) body.enabled = values.enabled;
  const triggers: NonNullable<AutomaticMessagesUpdate["triggers"]> = {};
  for (const trigger of AUTOMATIC_TRIGGERS) {
    const now = values.triggers[trigger];
    const before = saved.triggers[trigger];
    const change: Partial<TriggerValues> = {};
    if (now.enabled !== before.enabled) change.enabled = now.enabled;
    for (const field of TEMPLATE_FIELDS) if (now[field] !== before[field]) change[field] = now[field];
    if (Object.keys(change).length > 0) triggers[trigger] = change;
  }
  if (Object.keys(triggers).length > 0) body.triggers = triggers;
  if (!same(values.reminders, saved.reminders)) body.reminders = values.reminders;
  if (!same(values.quiet_hours, saved.quiet_hours)) body.quiet_hours = values.quiet_hours;
  if (values.review_link !== saved.review_link) body.review_link = values.review_link.trim() || null;
  if (values.quote_follow_up_days !== saved.quote_follow_up_days) body.quote_follow_up_days = values.quote_follow_up_days;
  if (values.invoice_reminder_days !== saved.invoice_reminder_days) body.invoice_reminder_days = values.invoice_reminder_days;
  if (!same(values.invoice_overdue_days, saved.invoice_overdue_days)) body.invoice_overdue_days = values.invoice_overdue_days.filter((days): days is number => days !== null);
  return body;
}

/** Each trigger's name and when it is sent (catalogue keys). */
export const TRIGGER_LABELS: Record<AutomaticTrigger, { title: string; when: string }> = {
  booked: { title: "automaticMessages.trigger.booked", when: "automaticMessages.trigger.bookedWhen" },
  rescheduled: { title: "automaticMessages.trigger.rescheduled", when: "automaticMessages.trigger.rescheduledWhen" },
  cancelled: { title: "automaticMessages.trigger.cancelled", when: "automaticMessages.trigger.cancelledWhen" },
  reminder: { title: "automaticMessages.trigger.reminder", when: "automaticMessages.trigger.reminderWhen" },
  on_my_way: { title: "automaticMessages.trigger.onMyWay", when: "automaticMessages.trigger.onMyWayWhen" },
  completed: { title: "automaticMessages.trigger.completed", when: "automaticMessages.trigger.completedWhen" },
  quote_follow_up: { title: "automaticMessages.trigger.quoteFollowUp", when: "automaticMessages.trigger.quoteFollowUpWhen" },
  invoice_reminder: { title: "automaticMessages.trigger.invoiceReminder", when: "automaticMessages.trigger.invoiceReminderWhen" },
  invoice_overdue: { title: "automaticMessages.trigger.invoiceOverdue", when: "automaticMessages.trigger.invoiceOverdueWhen" },
};

export const FIELD_LABELS: Record<TemplateField, string> = {
  email_subject: "automaticMessages.field.emailSubject",
  email_body: "automaticMessages.field.emailBody",
  sms: "automaticMessages.field.sms",
};

/** What each placeholder is called in the insert menu, by group and name as templates write them. */
export const PLACEHOLDER_LABELS: { [G in PlaceholderGroup]: Record<string, string> } = {
  customer: { name: "automaticMessages.placeholder.customerName" },
  contact: { name: "automaticMessages.placeholder.contactName" },
  visit: {
    when: "automaticMessages.placeholder.visitWhen",
    date: "automaticMessages.placeholder.visitDate",
    time: "automaticMessages.placeholder.visitTime",
    arrival_window: "automaticMessages.placeholder.visitArrivalWindow",
    eta: "automaticMessages.placeholder.visitEta",
  },
  technician: { first_name: "automaticMessages.placeholder.technicianFirstName" },
  site: { address: "automaticMessages.placeholder.siteAddress" },
  organization: { name: "automaticMessages.placeholder.organizationName", phone: "automaticMessages.placeholder.organizationPhone" },
  links: { review: "automaticMessages.placeholder.linksReview", website: "automaticMessages.placeholder.linksWebsite" },
  quote: {
    number: "automaticMessages.placeholder.quoteNumber",
    title: "automaticMessages.placeholder.quoteTitle",
    link: "automaticMessages.placeholder.quoteLink",
    valid_until: "automaticMessages.placeholder.quoteValidUntil",
  },
  invoice: {
    number: "automaticMessages.placeholder.invoiceNumber",
    amount_due: "automaticMessages.placeholder.invoiceAmountDue",
    due_date: "automaticMessages.placeholder.invoiceDueDate",
    link: "automaticMessages.placeholder.invoiceLink",
  },
};

/** The label key of a placeholder written `group.name`. */
export function placeholderLabel(placeholder: string): string {
  const [group, name] = placeholder.split(".") as [PlaceholderGroup, string];
  return PLACEHOLDER_LABELS[group]?.[name] ?? placeholder;
}

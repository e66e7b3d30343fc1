import { CHANNELS } from "./channels";
import {
  AUTOMATIC_TRIGGERS,
  INVOICE_OVERDUE_DAYS_MAX,
  INVOICE_OVERDUE_MAX,
  INVOICE_REMINDER_DAYS_MAX,
  INVOICE_REMINDER_DAYS_MIN,
  PLACEHOLDERS,
  placeholdersFor,
  QUOTE_FOLLOW_UP_DAYS_MAX,
  QUOTE_FOLLOW_UP_DAYS_MIN,
  REMINDER_DAYS_MAX,
  REMINDER_HOURS_MAX,
  REMINDERS_MAX,
  TEMPLATE_FIELDS,
  TEMPLATE_MAX,
  type AutomaticTrigger,
  type TemplateField,
} from "./automatic-message-triggers";
import { templateIssue, templateIssueMessage } from "./message-template";
import { z } from "./z";

/** A template of one trigger's text: bounded, and using only the placeholders that trigger knows. */
export const templateText = (trigger: AutomaticTrigger, field: TemplateField) =>
  z
    .string()
    .max(TEMPLATE_MAX[field])
    .superRefine((text, ctx) => {
      const issue = templateIssue(text, placeholdersFor(trigger));
      if (!issue) return;
      const { key, values } = templateIssueMessage(issue);
      ctx.addIssue({ code: "custom", message: key, params: values });
    });

const clock = z.string().regex(/^(?:[01]\d|2[0-3]):[0-5]\d$/, { error: "validation.business.clock" });

const reminderSchema = z.discriminatedUnion(
  "kind",
  [
    z.strictObject({ kind: z.literal("hours_before"), hours: z.number().int().min(1).max(REMINDER_HOURS_MAX) }),
    z.strictObject({ kind: z.literal("days_before_at"), days: z.number().int().min(1).max(REMINDER_DAYS_MAX), time: clock }),
  ],
  { error: "validation.automaticMessages.reminderKind" },
);

const remindersSchema = z
  .array(reminderSchema)
  .max(REMINDERS_MAX)
  .refine((list) => new Set(list.map((reminder) => JSON.stringify(reminder))).size === list.length, { error: "validation.automaticMessages.reminderTwice" });

const quietHoursSchema = z
  .strictObject({ from: clock, to: clock })
  .refine((hours) => hours.from !== hours.to, { error: "validation.automaticMessages.quietHoursEmpty", path: ["to"] });

/** A web address for reviews, https:// added where it was left out; "" is none. */
const reviewLinkSchema = z
  .string()
  .trim()
  .max(2000)
  .transform((value) => (value && !/^[a-z][a-z0-9+.-]*:/i.test(value) ? `https://${value}` : value || null))
  .pipe(z.url({ protocol: /^https?$/, error: "validation.automaticMessages.reviewLink" }).nullable());

/** One trigger's changes: its switch and any of its texts; a text set to null goes back to the default. */
const triggerPatch = (trigger: AutomaticTrigger) =>
  z.strictObject({
    enabled: z.boolean().optional(),
    ...(Object.fromEntries(TEMPLATE_FIELDS.map((field) => [field, templateText(trigger, field).nullable().optional()])) as Record<
      TemplateField,
      z.ZodOptional<z.ZodNullable<ReturnType<typeof templateText>>>
    >),
  });

const triggerPatches = Object.fromEntries(AUTOMATIC_TRIGGERS.map((trigger) => [trigger, triggerPatch(trigger).optional()])) as {
  [T in AutomaticTrigger]: z.ZodOptional<ReturnType<typeof triggerPatch>>;
};

/** PATCH …/automatic_messages: any of the settings; what is left out stays. */
export const automaticMessagesUpdateSchema = z.strictObject({
  enabled: z.boolean().optional(),
  triggers: z.strictObject(triggerPatches).optional(),
  reminders: remindersSchema.optional(),
  quiet_hours: quietHoursSchema.nullable().optional(),
  review_link: reviewLinkSchema.nullable().optional(),
  quote_follow_up_days: z.number().int().min(QUOTE_FOLLOW_UP_DAYS_MIN).max(QUOTE_FOLLOW_UP_DAYS_MAX).optional(),
  invoice_reminder_days: z.number().int().min(INVOICE_REMINDER_DAYS_MIN).max(INVOICE_REMINDER_DAYS_MAX).optional(),
  invoice_overdue_days: z
    .array(z.number().int().min(1).max(INVOICE_OVERDUE_DAYS_MAX))
    .max(INVOICE_OVERDUE_MAX)
    .refine((list) => new Set(list).size === list.length, { error: "validation.automaticMessages.overdueTwice" })
    .transform((list) => [...list].sort((a, b) => a - b))
    .optional(),
});
export type AutomaticMessagesUpdate = z.input<typeof automaticMessagesUpdateSchema>;

const triggerSchema = z.enum(AUTOMATIC_TRIGGERS, { error: "validation.automaticMessages.trigger" });
const etaSchema = z.number().int().min(0).max(600);

/** Texts given with a preview or a test, in place of the saved ones, checked against the trigger's placeholders. */
function checkTexts(value: { trigger: AutomaticTrigger } & Partial<Record<TemplateField, string>>, ctx: z.RefinementCtx) {
  for (const field of TEMPLATE_FIELDS) {
    const text = value[field];
    if (text === undefined) continue;
    const result = templateText(value.trigger, field).safeParse(text);
    if (!result.success) for (const issue of result.error.issues) ctx.addIssue({ ...issue, path: [field, ...issue.path] } as never);
  }
}

const texts = { email_subject: z.string().optional(), email_body: z.string().optional(), sms: z.string().optional() };

/** POST …/automatic_messages/preview: a trigger's texts (the saved ones where left out) filled in for a sample visit. */
export const automaticMessagePreviewSchema = z.strictObject({ trigger: triggerSchema, ...texts, eta_minutes: etaSchema.optional() }).superRefine(checkTexts);

/** POST …/automatic_messages/test: a trigger's message, filled in for the sample visit, sent to the member's own email or to a phone they give. */
export const automaticMessageTestSchema = z
  .strictObject({
    trigger: triggerSchema,
    channels: z
      .array(z.enum(CHANNELS, { error: "validation.automaticMessages.channel" }))
      .min(1)
      .max(CHANNELS.length)
      .refine((list) => new Set(list).size === list.length, { error: "validation.automaticMessages.channelTwice" }),
    phone: z.string().trim().max(50).optional(),
    ...texts,
  })
  .superRefine(checkTexts)
  .superRefine((value, ctx) => {
    if (value.channels.includes("sms") && !value.phone) ctx.addIssue({ code: "custom", path: ["phone"], message: "validation.automaticMessages.testPhone" });
  });

// ---- answers ----

const textsView = z.object({ email_subject: z.string(), email_body: z.string(), sms: z.string() });
const reminderView = z.union([
  z.object({ kind: z.literal("hours_before"), hours: z.number().int() }),
  z.object({ kind: z.literal("days_before_at"), days: z.number().int(), time: z.string() }),
]);
const byTrigger = <S extends z.ZodType>(schema: S) => z.object(Object.fromEntries(AUTOMATIC_TRIGGERS.map((trigger) => [trigger, schema])) as Record<AutomaticTrigger, S>);

export const automaticMessagesView = z
  .object({
    enabled: z.boolean().meta({ description: "Whether the organization sends automatic messages at all; each trigger has its own switch besides" }),
    language: z.string().meta({ description: "The language of the default texts and of dates in the messages, the organization's (a customer with a language of their own gets the defaults in theirs)" }),
    triggers: byTrigger(
      textsView.extend({
        enabled: z.boolean(),
        customized: z.array(z.enum(TEMPLATE_FIELDS)).meta({ description: "The texts the organization wrote itself; the others are the defaults" }),
      }),
    ),
    defaults: byTrigger(textsView),
    reminders: z.array(reminderView),
    quiet_hours: z.object({ from: z.string(), to: z.string() }).nullable(),
    review_link: z.string().nullable(),
    quote_follow_up_days: z.number().int().meta({ description: "How many days after a quote is sent its follow-up goes, when the customer has neither opened nor answered it" }),
    invoice_reminder_days: z.number().int().meta({ description: "How many days before an invoice's due date its payment reminder goes" }),
    invoice_overdue_days: z.array(z.number().int()).meta({ description: "How many days after an unpaid invoice's due date its overdue reminders go (up to two)" }),
    placeholders: byTrigger(z.array(z.enum(PLACEHOLDERS))).meta({ description: "The placeholders each trigger's texts may use" }),
    sample: z.record(z.string(), z.string()).meta({ description: "Each placeholder's value for the sample visit (and quote) the screen previews with" }),
  })
  .meta({ id: "AutomaticMessages" });

export const smsCountView = z.object({ characters: z.number().int(), segments: z.number().int(), encoding: z.enum(["GSM-7", "UCS-2"]) });

export const automaticMessagePreviewView = z
  .object({
    trigger: triggerSchema,
    email_subject: z.string(),
    email_body: z.string(),
    email_html: z.string().meta({ description: "The email body as the HTML part it is sent with" }),
    sms: z.string(),
    sms_count: smsCountView,
  })
  .meta({ id: "AutomaticMessagePreview" });

const sendOutcome = z.object({ to: z.string(), status: z.enum(["sent", "failed"]), reason: z.string().optional() });
export const automaticMessageTestView = z.object({ email: sendOutcome.optional(), sms: sendOutcome.optional() }).meta({ id: "AutomaticMessageTest" });

export type AutomaticMessagesView = z.output<typeof automaticMessagesView>;
export type AutomaticMessagePreview = z.output<typeof automaticMessagePreviewView>;
export type AutomaticMessageTestResult = z.output<typeof automaticMessageTestView>;

import "server-only";
import { and, eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { member } from "@/db/schema/member";
import { translatorFor } from "@/lib/i18n/messages";
import { sampleSource, type AutomaticTrigger } from "@/lib/schemas/automatic-message-triggers";
import type {
  automaticMessagePreviewSchema,
  automaticMessageTestSchema,
  AutomaticMessagePreview,
  AutomaticMessageTestResult,
} from "@/lib/schemas/automatic-messages";
import type { Channel } from "@/lib/schemas/channels";
import { smsSegments } from "@/lib/schemas/sms-segments";
import type { z } from "@/lib/schemas/z";
import { badRequest, type FieldError } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";
import { channels } from "../messaging/channels";
import { deliverMail, senderAddress } from "../messaging/mail";
import { claimSendQuota } from "../messaging/send-quota";
import { smsTransport } from "../messaging/sms-transport";
import { e164Phone } from "../organization-country";
import type { Texts } from "./defaults";
import { sampleMessage, sampleVisitContext, type RenderedAutomaticMessage } from "./render";
import { findOrganizationRow, type AutomaticMessageSettings } from "./settings";

type GivenTexts = { trigger: AutomaticTrigger } & Partial<Texts>;

/** The texts to fill in: those given, else the saved ones. */
const textsOf = (settings: AutomaticMessageSettings, input: GivenTexts): Texts => {
  const saved = settings.triggers[input.trigger];
  return { email_subject: input.email_subject ?? saved.email_subject, email_body: input.email_body ?? saved.email_body, sms: input.sms ?? saved.sms };
};

/** POST …/automatic_messages/preview: a trigger's texts filled in for the sample visit (or quote), nothing saved. */
export async function previewAutomaticMessage(db: Db, session: SessionContext, id: string, input: z.output<typeof automaticMessagePreviewSchema>): Promise<AutomaticMessagePreview> {
  await findOrganizationRow(db, session.organizationId, id);
  const { language, settings, values: filled } = await sampleVisitContext(db, session, { etaMinutes: input.eta_minutes });
  const texts = textsOf(settings, input);
  const email = sampleMessage("email", language, texts, filled);
  const sms = sampleMessage("sms", language, texts, filled)?.text ?? "";
  return {
    trigger: input.trigger,
    email_subject: email?.subject ?? "",
    email_body: email?.text ?? "",
    email_html: email?.html ?? "",
    sms,
    sms_count: smsSegments(sms),
  };
}

/** Where an empty message's text is: a test of a channel whose text comes out empty is refused there. */
const TEXT_OF: Record<Channel, string> = { email: "email_body", sms: "sms" };

type Sender = { name: string; subject: (subject: string) => string };

/** How a test reaches the member on each channel: the server's own transports, as the organization's name. */
const TEST_SENDS: Record<Channel, (to: string, message: RenderedAutomaticMessage, sender: Sender) => Promise<unknown>> = {
  email: (to, message, sender) =>
    deliverMail({ from: { name: sender.name, address: senderAddress() }, to, subject: sender.subject(message.subject ?? ""), text: message.text, html: message.html }),
  sms: (to, message) => smsTransport().send({ to, body: message.text }),
};

type Outcome = NonNullable<AutomaticMessageTestResult["email"]>;

async function attempt(channel: Channel, to: string, send: () => Promise<unknown>): Promise<Outcome> {
  try {
    await send();
    return { to, status: "sent" };
  } catch (error) {
    return { to, status: "failed", reason: channels[channel].failureReason(error) };
  }
}

/**
 * POST …/automatic_messages/test: a trigger's message for the sample visit, sent
 * now to the member's own email address and to a phone number they give, through
 * the server's mail and SMS transports. Each counts against the sending quotas
 * (429 past one) before anything is sent; a provider's refusal is answered as
 * the channel's outcome, with its reason.
 */
export async function testAutomaticMessage(db: Db, session: SessionContext, id: string, input: z.output<typeof automaticMessageTestSchema>): Promise<AutomaticMessageTestResult> {
  const org = await findOrganizationRow(db, session.organizationId, id);
  const { language, settings, values } = await sampleVisitContext(db, session);
  const texts = textsOf(settings, input);
  const messages = input.channels.map((channel) => ({ channel, message: sampleMessage(channel, language, texts, values) }));
  const empty: FieldError[] = messages.filter((entry) => entry.message === null).map((entry) => ({ path: TEXT_OF[entry.channel], message: "errors.automaticMessages.nothingToSend", values: { source: sampleSource(input.trigger) } }));
  if (empty.length > 0) throw badRequest(empty);
  const [me] = await db
    .select({ email: member.email })
    .from(member)
    .where(and(eq(member.organizationId, session.organizationId), eq(member.id, session.memberId)));
  const to: Record<Channel, string | null> = {
    email: me.email,
    sms: input.channels.includes("sms") ? await e164Phone(db, session, input.phone ?? "") : null,
  };
  await db.transaction(async (tx) => {
    for (const channel of input.channels) await claimSendQuota(tx, session, channel);
  });
  const sender = { name: org.name, subject: (subject: string) => translatorFor(language)("automaticMessages.testSubject", { subject }) };
  const result: AutomaticMessageTestResult = {};
  for (const { channel, message } of messages) {
    const recipient = to[channel];
    if (message && recipient) result[channel] = await attempt(channel, recipient, () => TEST_SENDS[channel](recipient, message, sender));
  }
  return result;
}

import "server-only";
import type { Db } from "@/db/client";
import type { AutomaticTrigger } from "@/lib/schemas/automatic-message-triggers";
import type { Channel } from "@/lib/schemas/channels";
import { channelConsent, type Consent } from "../messaging/consent";
import { renderAutomaticMessage, type RenderExtras } from "./render";
import { loadAutomaticMessageSettings, type AutomaticMessageSettings } from "./settings";

/*
 * What the engine (plan.ts, send.ts) reads from elsewhere, in one place: the
 * organization's settings, a message's texts, and the customer's consent per
 * channel. The engine's own tests may replace them, to test when messages go
 * without depending on their words.
 */

export type { AutomaticTrigger, Consent };
export type EngineSettings = Pick<AutomaticMessageSettings, "enabled" | "reminders" | "quiet_hours"> & {
  quote_follow_up_days?: number;
  invoice_reminder_days?: number;
  invoice_overdue_days?: number[];
  triggers: Record<AutomaticTrigger, { enabled: boolean }>;
};
export type Rendered = { subject?: string; text: string };

type Sources = {
  settings(db: Db, organizationId: string): Promise<EngineSettings>;
  /** A trigger's message about its source (a visit, or a quote or an invoice for their triggers) on a channel. */
  render(db: Db, organizationId: string, trigger: AutomaticTrigger, sourceId: string, channel: Channel, extras: RenderExtras): Promise<Rendered | null>;
  /** The customer's consent on each channel, to its own phone and email, or to those given. */
  consent(db: Db, organizationId: string, customerId: string, to?: { phone?: string | null; email?: string | null }): Promise<Record<Channel, Consent>>;
};

const defaults: Sources = {
  settings: loadAutomaticMessageSettings,
  render: (db, organizationId, trigger, sourceId, channel, extras) => renderAutomaticMessage(db, { organizationId }, trigger, sourceId, channel, extras),
  consent: (db, organizationId, customerId, to) => channelConsent(db, organizationId, { customerId, ...to }),
};

const holder = globalThis as unknown as { __craftdeskAutomaticSources?: Partial<Sources> };

export const sources = (): Sources => ({ ...defaults, ...holder.__craftdeskAutomaticSources });

/** Tests: replaces some of the sources; undefined restores them. */
export function setAutomaticSources(replacement: Partial<Sources> | undefined) {
  holder.__craftdeskAutomaticSources = replacement;
}

import "server-only";
import type { Db } from "@/db/client";
import type { Channel } from "@/lib/schemas/channels";
import { channelConsent, type Consent } from "../messaging/consent";
import type { QuietHours, Reminder } from "./planner";

/*
 * What the engine reads from elsewhere: the organization's settings, a message's
 * texts and the customer's consent. Until those modules exist nothing is enabled;
 * tests give their own.
 */

export const TRIGGERS = ["booked", "rescheduled", "cancelled", "reminder", "on_my_way", "completed"] as const;
export type AutomaticTrigger = (typeof TRIGGERS)[number];

export type EngineSettings = {
  enabled: boolean;
  triggers: Record<AutomaticTrigger, { enabled: boolean }>;
  reminders: Reminder[];
  quiet_hours: QuietHours | null;
};

export type Rendered = { subject?: string; text: string; html?: string };
export type { Consent };

type Sources = {
  settings(db: Db, organizationId: string): Promise<EngineSettings>;
  render(db: Db, organizationId: string, trigger: AutomaticTrigger, visitId: string, channel: Channel, extras: { etaMinutes?: number | null; memberId?: string | null }): Promise<Rendered | null>;
  consent(db: Db, organizationId: string, customerId: string): Promise<Record<Channel, Consent>>;
};

const OFF: EngineSettings = {
  enabled: false,
  triggers: Object.fromEntries(TRIGGERS.map((trigger) => [trigger, { enabled: false }])) as EngineSettings["triggers"],
  reminders: [],
  quiet_hours: { from: "21:00", to: "08:00" },
};

const defaults: Sources = {
  settings: async () => OFF,
  render: async () => null,
  consent: (db, organizationId, customerId) => channelConsent(db, organizationId, { customerId }),
};

const holder = globalThis as unknown as { __craftdeskAutomaticSources?: Partial<Sources> };

export const sources = (): Sources => ({ ...defaults, ...holder.__craftdeskAutomaticSources });

/** Tests: replaces some of the sources; undefined restores them. */
export function setAutomaticSources(replacement: Partial<Sources> | undefined) {
  holder.__craftdeskAutomaticSources = replacement;
}

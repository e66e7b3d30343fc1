import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import type { Channel } from "@/lib/schemas/channels";
import { ApiError } from "@/lib/server/errors";
import { countHits } from "@/lib/server/rate-limit";
import type { SessionContext } from "@/lib/server/session";

/*
 * How many emails and text messages an organization, and each of its members,
 * may send per hour and per day. A new organization gets a share of that for its
 * first days, so a fresh sign-up cannot use the platform's mail server and SMS
 * account to send spam. Counted in the database (rate_limit), so every app
 * instance sees the same counts.
 */

type Who = "organization" | "member";
type Period = "hour" | "day";

const PERIOD_SECONDS: Record<Period, number> = { hour: 60 * 60, day: 24 * 60 * 60 };

/** Defaults of the `<EMAIL|SMS>_QUOTA_<ORGANIZATION|MEMBER>_PER_<HOUR|DAY>` variables. */
const DEFAULTS: Record<Channel, Record<Who, Record<Period, number>>> = {
  email: { organization: { hour: 200, day: 1000 }, member: { hour: 100, day: 400 } },
  sms: { organization: { hour: 100, day: 400 }, member: { hour: 50, day: 200 } },
};


function numberFromEnv(name: string, fallback: number, valid: (value: number) => boolean): number {
  const text = process.env[name];
  if (text === undefined || text.trim() === "") return fallback;
  const value = Number(text);
  return Number.isFinite(value) && valid(value) ? value : fallback;
}

/** An organization is new for this many days after sign-up. */
export const newOrganizationDays = () => numberFromEnv("SEND_QUOTA_NEW_ORGANIZATION_DAYS", 7, (days) => days >= 0);
/** The share of each quota a new organization gets. */
const newOrganizationShare = () => numberFromEnv("SEND_QUOTA_NEW_ORGANIZATION_SHARE", 0.1, (share) => share > 0 && share <= 1);

/** The quota of one channel, sender and period, as it applies to an organization of this age. */
export function sendQuota(channel: Channel, who: Who, period: Period, isNew: boolean): number {
  const name = `${channel.toUpperCase()}_QUOTA_${who.toUpperCase()}_PER_${period.toUpperCase()}`;
  const full = Math.floor(numberFromEnv(name, DEFAULTS[channel][who][period], (value) => value >= 1));
  return isNew ? Math.max(1, Math.floor(full * newOrganizationShare())) : full;
}

async function isNewOrganization(db: Db, organizationId: string): Promise<boolean> {
  const [row] = await db.select({ createdAt: organization.createdAt }).from(organization).where(eq(organization.id, organizationId));
  return Date.now() - row.createdAt.getTime() < newOrganizationDays() * PERIOD_SECONDS.day * 1000;
}

/** How long to wait, in the unit the message names. */
const waitOf = (seconds: number) => {
  if (seconds < 90) return { wait: String(seconds), unit: "seconds" };
  if (seconds < 90 * 60) return { wait: String(Math.round(seconds / 60)), unit: "minutes" };
  return { wait: String(Math.round(seconds / 3600)), unit: "hours" };
};

function refusal(channel: Channel, who: Who, period: Period, limit: number, isNew: boolean, retryAfter: number) {
  const values = { who, channel, period, limit: String(limit), isNew: isNew ? "yes" : "no", days: String(newOrganizationDays()), ...waitOf(retryAfter) };
  return new ApiError(429, "errors.sendQuota", { retryAfter }, { "Retry-After": String(retryAfter) }, values);
}

/**
 * Counts one message on `channel` against the session's organization and member,
 * or refuses it with a 429 naming the quota it would pass. Call it inside the
 * transaction that writes the message, after every other check: a refusal (or
 * any later failure) rolls the count back with the write, so only messages that
 * are queued count. A message nobody wrote (an automatic one: `memberId` null)
 * counts against the organization only.
 */
export async function claimSendQuota(tx: Db, session: Pick<SessionContext, "organizationId"> & { memberId: string | null }, channel: Channel): Promise<void> {
  const isNew = await isNewOrganization(tx, session.organizationId);
  const keyOf = (who: Who, period: Period) =>
    `send:${channel}:${period}:${who === "organization" ? `org:${session.organizationId}` : `member:${session.memberId}`}`;
  const senders: Who[] = session.memberId === null ? ["organization"] : ["organization", "member"];
  const refusals: ApiError[] = [];
  for (const period of ["hour", "day"] as const) {
    const counts = await countHits(tx, senders.map((who) => keyOf(who, period)), PERIOD_SECONDS[period]);
    for (const who of senders) {
      const counter = counts.get(keyOf(who, period));
      const limit = sendQuota(channel, who, period, isNew);
      if (!counter || counter.count <= limit) continue;
      const retryAfter = Math.max(1, Math.ceil((counter.resetAt.getTime() - Date.now()) / 1000));
      refusals.push(refusal(channel, who, period, limit, isNew, retryAfter));
    }
  }
  // The quota that keeps the sender waiting longest is the one to name.
  const longest = refusals.sort((a, b) => Number(b.extra.retryAfter) - Number(a.extra.retryAfter))[0];
  if (longest) throw longest;
}

import "server-only";
import { and, asc, eq, exists, gt, ne, or, sql, type SQL } from "drizzle-orm";
import type { Db } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import type { NotificationFrequency } from "@/lib/schemas/constants";
import { sendMail } from "@/lib/services/messaging/mail";
import { memberLocale } from "@/lib/i18n/locales";
import { digestMail } from "./digest-mail";
import { log } from "@/lib/server/log";

/**
 * Notification digests: per member, at most one email per period of its
 * `notification_emails`, listing its unread notifications created since the last
 * digest it was sent. A member never sent one counts its first period from when it
 * joined (so a daily member hears nothing before its first day is over, instead of
 * getting one email per minute until its first digest); that first digest lists
 * every unread notification it has.
 *
 * A period with nothing new sends nothing and leaves `last_digest_at` alone, so
 * the next digest still lists everything since the last one sent.
 */

const MINUTE = 60_000;
export const DIGEST_PERIODS: Record<Exclude<NotificationFrequency, "never">, number> = {
  // "every" is "as soon as the next minute's run": the job runs once a minute.
  every: MINUTE,
  "1_minute": MINUTE,
  "5_minutes": 5 * MINUTE,
  "15_minutes": 15 * MINUTE,
  "60_minutes": 60 * MINUTE,
  day: 24 * 60 * MINUTE,
  week: 7 * 24 * 60 * MINUTE,
};

/** Notifications named one by one in an email; the rest are counted. */
export const DIGEST_LIST_MAX = 50;
/** Past this, the count says "and 10000 more" rather than reading a huge backlog. */
const COUNT_MAX = 10_000;
const BATCH = 100;
/** Members served per run; the rest are still due on the next run, a minute later. */
const RUN_MAX = 1_000;

const at = (date: Date) => sql`${date.toISOString()}::timestamptz`;
const since = (lastDigestAt: SQL | string | null) =>
  lastDigestAt === null
    ? sql`'-infinity'::timestamptz`
    : typeof lastDigestAt === "string"
      ? sql`${lastDigestAt}::timestamptz`
      : sql`coalesce(${lastDigestAt}, '-infinity'::timestamptz)`;

/** Unread notifications of `memberId` created after the last digest and up to `now`. */
const newNotifications = (memberId: SQL | string, lastDigestAt: SQL | string | null, now: Date) =>
  and(
    eq(notification.memberId, memberId),
    eq(notification.read, false),
    sql`${notification.createdAt} > ${since(lastDigestAt)}`,
    sql`${notification.createdAt} <= ${at(now)}`,
  );

function periodOver(now: Date): SQL {
  const start = sql`coalesce(${member.lastDigestAt}, ${member.createdAt})`;
  return or(
    ...Object.entries(DIGEST_PERIODS).map(([frequency, ms]) =>
      and(eq(member.notificationEmails, frequency as NotificationFrequency), sql`${start} <= ${at(new Date(now.getTime() - ms))}`),
    ),
  )!;
}

type Due = {
  id: string;
  email: string;
  name: string;
  frequency: NotificationFrequency;
  organization: string;
  /** The organization's language, which the member reads unless it has its own. */
  language: string;
  /** Kept as the database's text, so the claim compares the exact stored instant (microseconds included). */
  lastDigestAt: string | null;
};

async function dueMembers(db: Db, now: Date, after: string | null, organizationId: string | undefined): Promise<Due[]> {
  return db
    .select({
      id: member.id,
      email: member.email,
      name: member.name,
      frequency: member.notificationEmails,
      organization: organization.name,
      language: organization.language,
      lastDigestAt: sql<string | null>`${member.lastDigestAt}::text`,
    })
    .from(member)
    .innerJoin(organization, eq(organization.id, member.organizationId))
    .where(
      and(
        organizationId ? eq(member.organizationId, organizationId) : undefined,
        after ? gt(member.id, after) : undefined,
        eq(member.status, "active"),
        ne(member.notificationEmails, "never"),
        periodOver(now),
        exists(
          db
            .select({ one: sql`1` })
            .from(notification)
            .where(newNotifications(sql`${member.id}`, sql`${member.lastDigestAt}`, now)),
        ),
      ),
    )
    .orderBy(asc(member.id))
    .limit(BATCH);
}

/**
 * Takes the member's digest for this run: only one run, of however many
 * instances, moves `last_digest_at` from the value it read, and only that one sends.
 */
async function claim(db: Db, due: Due, now: Date): Promise<boolean> {
  const claimed = await db
    .update(member)
    .set({ lastDigestAt: now })
    .where(
      and(
        eq(member.id, due.id),
        eq(member.status, "active"),
        ne(member.notificationEmails, "never"),
        sql`${member.lastDigestAt} is not distinct from ${due.lastDigestAt === null ? sql`null` : sql`${due.lastDigestAt}::timestamptz`}`,
      ),
    )
    .returning({ id: member.id });
  return claimed.length > 0;
}

/** Gives the period back after a failed send, unless something moved it since. */
async function release(db: Db, due: Due, now: Date): Promise<void> {
  await db
    .update(member)
    .set({ lastDigestAt: due.lastDigestAt === null ? null : sql`${due.lastDigestAt}::timestamptz` })
    .where(and(eq(member.id, due.id), sql`${member.lastDigestAt} = ${at(now)}`));
}

async function sendDigest(db: Db, due: Due, now: Date): Promise<boolean> {
  if (!(await claim(db, due, now))) return false;
  try {
    const unread = newNotifications(due.id, due.lastDigestAt, now);
    const items = await db
      .select({ title: notification.title, content: notification.content, link: notification.link })
      .from(notification)
      .where(unread)
      .orderBy(asc(notification.createdAt), asc(notification.id))
      .limit(DIGEST_LIST_MAX);
    if (items.length === 0) {
      // Read in the meantime: nothing to send, and the period is not used up.
      await release(db, due, now);
      return false;
    }
    let more = 0;
    if (items.length === DIGEST_LIST_MAX) {
      const counted = db.select({ one: sql`1` }).from(notification).where(unread).limit(COUNT_MAX).as("counted");
      const [row] = await db.select({ count: sql<number>`count(*)::int` }).from(counted);
      more = Math.max(0, Number(row.count) - items.length);
    }
    await sendMail(
      digestMail({
        memberId: due.id,
        to: due.email,
        name: due.name,
        organization: due.organization,
        frequency: due.frequency,
        items,
        more,
        locale: memberLocale(null, due.language),
      }),
      `notification digest of ${items.length + more}`,
    );
    return true;
  } catch (error) {
    await release(db, due, now).catch(() => {});
    throw error;
  }
}

export type DigestRun = { sent: number; failed: number };

/**
 * Sends every digest that is due at `now`, at most RUN_MAX members a run, in
 * batches. One member's failure (its mail refused) is logged and leaves it due
 * for the next run; the others still get theirs. `organizationId` limits a run
 * to one organization.
 */
export async function sendDigests(db: Db, now: Date, options: { organizationId?: string } = {}): Promise<DigestRun> {
  const run: DigestRun = { sent: 0, failed: 0 };
  let after: string | null = null;
  for (let served = 0; served < RUN_MAX; ) {
    const batch = await dueMembers(db, now, after, options.organizationId);
    for (const due of batch) {
      try {
        if (await sendDigest(db, due, now)) run.sent += 1;
      } catch (error) {
        run.failed += 1;
        log().error({ err: error }, `[digest] member ${due.id}`);
      }
    }
    served += batch.length;
    if (batch.length < BATCH) break;
    after = batch[batch.length - 1].id;
  }
  return run;
}

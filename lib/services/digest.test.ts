import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { member } from "@/db/schema/member";
import type { NotificationFrequency } from "@/lib/schemas/constants";
import { createNotification } from "@/lib/services/notification";
import { ORIGIN } from "@/test/api";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { DIGEST_LIST_MAX, DIGEST_PERIODS, sendDigests } from "./digest";

const mailbox = useSmtpCatcher();

const SECOND = 1000;
const later = (from: Date, ms: number) => new Date(from.getTime() + ms);

/** A member of a fresh organization with this frequency and, when given, the time of its last digest. */
async function staff(frequency: NotificationFrequency, lastDigestAt: Date | null = null) {
  const org = await signUpOrganization(mailbox);
  const added = await addMember(org.organizationId);
  const db = await getDb();
  await db.update(member).set({ notificationEmails: frequency, lastDigestAt }).where(eq(member.id, added.member.id));
  return { organizationId: org.organizationId, id: added.member.id, email: added.email, createdAt: added.member.createdAt };
}

type Staff = Awaited<ReturnType<typeof staff>>;

async function notify(who: Staff, title: string, options: { link?: string | null; read?: boolean; createdAt?: Date } = {}) {
  const db = await getDb();
  if (options.createdAt || options.read) {
    const [row] = await db
      .insert(notification)
      .values({ organizationId: who.organizationId, memberId: who.id, title, link: options.link ?? null, read: options.read ?? false, createdAt: options.createdAt })
      .returning();
    return row.id;
  }
  return (await createNotification(db, { organizationId: who.organizationId, memberId: who.id }, { title, link: options.link ?? null })).id;
}

async function lastDigestAt(who: Staff) {
  const db = await getDb();
  const [row] = await db.select({ at: member.lastDigestAt }).from(member).where(eq(member.id, who.id));
  return row.at;
}

async function run(who: Staff, now: Date) {
  return sendDigests(await getDb(), now, { organizationId: who.organizationId });
}

/** The digests received by `who`, parsed. */
async function digestsOf(who: Staff) {
  const mails = mailbox.mails.filter((mail) => mail.to.includes(who.email));
  return Promise.all(mails.map(async (mail) => ({ raw: mail.raw, parsed: await simpleParser(mail.raw) })));
}

const listed = (text: string) => [...text.matchAll(/^- (.+)$/gm)].map((match) => match[1]);

describe("notification digests", () => {
  for (const [frequency, period] of Object.entries(DIGEST_PERIODS) as [NotificationFrequency, number][]) {
    it(`${frequency}: one email per ${period / 1000} s listing the unread notifications since the last digest`, async () => {
      const start = new Date(Date.now() - 10 * SECOND);
      const who = await staff(frequency, start);
      await notify(who, "Before the last digest", { createdAt: new Date(start.getTime() - 60 * SECOND) });
      await notify(who, "First unread");
      await notify(who, "Already read", { read: true });
      await notify(who, "Second unread");

      expect(await run(who, later(start, period - SECOND))).toEqual({ sent: 0, failed: 0 });
      expect(await digestsOf(who)).toHaveLength(0);
      expect(await lastDigestAt(who)).toEqual(start);

      const due = later(start, period);
      expect(await run(who, due)).toEqual({ sent: 1, failed: 0 });
      const [digest] = await digestsOf(who);
      expect(listed(digest.parsed.text!)).toEqual(["First unread", "Second unread"]);
      expect(digest.parsed.subject).toContain("2 new notifications");
      expect(await lastDigestAt(who)).toEqual(due);

      // Nothing new a period later: no email, and the last digest keeps its time.
      expect(await run(who, later(due, period))).toEqual({ sent: 0, failed: 0 });
      expect(await digestsOf(who)).toHaveLength(1);
      expect(await lastDigestAt(who)).toEqual(due);

      // What comes after is in the next one, however long the quiet lasted; only it.
      const next = later(due, 2 * period);
      await notify(who, "Third unread", { createdAt: next });
      expect(await run(who, later(next, -SECOND))).toEqual({ sent: 0, failed: 0 });
      expect(await run(who, next)).toEqual({ sent: 1, failed: 0 });
      const digests = await digestsOf(who);
      expect(digests).toHaveLength(2);
      expect(listed(digests[1].parsed.text!)).toEqual(["Third unread"]);
    });
  }

  it("never: no email, whatever waits", async () => {
    const who = await staff("never");
    await notify(who, "Unread");
    expect(await run(who, later(new Date(), 30 * 24 * 3600 * SECOND))).toEqual({ sent: 0, failed: 0 });
    expect(await digestsOf(who)).toHaveLength(0);
    expect(await lastDigestAt(who)).toBeNull();
  });

  it("a member never sent a digest counts its first period from when it joined", async () => {
    const who = await staff("5_minutes");
    await notify(who, "Welcome aboard");
    // The database keeps microseconds; the next millisecond is at or after them.
    const joined = later(who.createdAt, 1);
    expect(await run(who, later(joined, DIGEST_PERIODS["5_minutes"] - SECOND))).toEqual({ sent: 0, failed: 0 });
    expect(await lastDigestAt(who)).toBeNull();
    const due = later(joined, DIGEST_PERIODS["5_minutes"]);
    expect(await run(who, due)).toEqual({ sent: 1, failed: 0 });
    expect(listed((await digestsOf(who))[0].parsed.text!)).toEqual(["Welcome aboard"]);
    expect(await lastDigestAt(who)).toEqual(due);
  });

  it("sends nothing when nothing is new, and nothing for notifications read since", async () => {
    const who = await staff("every");
    const now = later(new Date(), 10 * 60 * SECOND);
    expect(await run(who, now)).toEqual({ sent: 0, failed: 0 });
    await notify(who, "Read already", { read: true });
    expect(await run(who, now)).toEqual({ sent: 0, failed: 0 });
    expect(await digestsOf(who)).toHaveLength(0);
    expect(await lastDigestAt(who)).toBeNull();
  });

  it("two runs at once send one email", async () => {
    const who = await staff("every");
    await notify(who, "Only once");
    const db = await getDb();
    const now = later(new Date(), 2 * 60 * SECOND);
    const runs = await Promise.all([
      sendDigests(db, now, { organizationId: who.organizationId }),
      sendDigests(db, now, { organizationId: who.organizationId }),
      sendDigests(db, later(now, 1), { organizationId: who.organizationId }),
    ]);
    expect(runs.reduce((sum, one) => sum + one.sent, 0)).toBe(1);
    expect(await digestsOf(who)).toHaveLength(1);
  });

  it("one member's refused email does not stop the others, and leaves that member due", async () => {
    const who = await staff("every");
    const db = await getDb();
    const broken = await addMember(who.organizationId);
    // An address the mail transport refuses outright.
    await db.update(member).set({ email: "" }).where(eq(member.id, broken.member.id));
    await createNotification(db, { organizationId: who.organizationId, memberId: broken.member.id }, { title: "Lost" });
    await notify(who, "Delivered");
    const now = later(new Date(), 2 * 60 * SECOND);
    expect(await run(who, now)).toEqual({ sent: 1, failed: 1 });
    expect(await digestsOf(who)).toHaveLength(1);
    const [row] = await db.select({ at: member.lastDigestAt }).from(member).where(eq(member.id, broken.member.id));
    expect(row.at).toBeNull();
  });

  it("names the first notifications and counts the rest", async () => {
    const who = await staff("every");
    const db = await getDb();
    const base = Date.now() - 60 * SECOND;
    await db.insert(notification).values(
      Array.from({ length: DIGEST_LIST_MAX + 3 }, (_, i) => ({
        organizationId: who.organizationId,
        memberId: who.id,
        title: `Item ${i + 1}`,
        createdAt: new Date(base + i * SECOND),
      })),
    );
    expect(await run(who, later(new Date(), 2 * 60 * SECOND))).toEqual({ sent: 1, failed: 0 });
    const [digest] = await digestsOf(who);
    const items = listed(digest.parsed.text!);
    expect(items).toHaveLength(DIGEST_LIST_MAX);
    expect(items[0]).toBe("Item 1");
    expect(digest.parsed.text).toContain("and 3 more");
    expect(digest.parsed.subject).toContain(`${DIGEST_LIST_MAX + 3} new notifications`);
  });

  it("links each notification into the app at APP_URL and carries a one-click unsubscribe", async () => {
    const who = await staff("every");
    const conversationPath = `/conversation/${crypto.randomUUID()}`;
    await notify(who, "New email from Carla <carla@example.test>", { link: conversationPath });
    await notify(who, "No link here");
    const kept = process.env.APP_URL;
    process.env.APP_URL = "https://office.example.test/ignored/path";
    try {
      expect(await run(who, later(new Date(), 2 * 60 * SECOND))).toEqual({ sent: 1, failed: 0 });
    } finally {
      if (kept === undefined) delete process.env.APP_URL;
      else process.env.APP_URL = kept;
    }
    const [{ raw, parsed }] = await digestsOf(who);
    expect(parsed.text).toContain(`https://office.example.test${conversationPath}`);
    expect(parsed.text).toContain("https://office.example.test/\n");
    // The HTML part escapes what a sender's name may hold.
    expect(parsed.html).toContain(`<a href="https://office.example.test${conversationPath}">New email from Carla &lt;carla@example.test&gt;</a>`);

    const oneClick = /^List-Unsubscribe: <(https:\/\/office\.example\.test\/api\/api\/unsubscribe\/[0-9a-f]{96})>\r?$/m.exec(raw);
    expect(oneClick, raw).not.toBeNull();
    expect(raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    const token = oneClick![1].split("/").pop();
    expect(parsed.text).toContain(`https://office.example.test/unsubscribe/${token}`);
    expect(parsed.html).toContain(`https://office.example.test/unsubscribe/${token}`);
  });

  it("links go to this server on localhost when APP_URL is unset", async () => {
    expect(process.env.APP_URL).toBeUndefined();
    const who = await staff("every");
    await notify(who, "Assigned", { link: "/project/00000000-0000-4000-8000-000000000000" });
    expect(await run(who, later(new Date(), 2 * 60 * SECOND))).toEqual({ sent: 1, failed: 0 });
    const [{ parsed }] = await digestsOf(who);
    expect(parsed.text).toContain(`${ORIGIN}/project/00000000-0000-4000-8000-000000000000`);
    expect(parsed.text).toMatch(new RegExp(`${ORIGIN}/unsubscribe/[0-9a-f]{96}`));
  });

  it("removed members get no digest", async () => {
    const who = await staff("every");
    await notify(who, "Unread");
    const db = await getDb();
    await db.update(member).set({ status: "removed" }).where(eq(member.id, who.id));
    expect(await run(who, later(new Date(), 2 * 60 * SECOND))).toEqual({ sent: 0, failed: 0 });
  });
});

import { eq } from "drizzle-orm";
import { simpleParser } from "mailparser";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { notification } from "@/db/schema/activity";
import { member } from "@/db/schema/member";
import { organization } from "@/db/schema/organization";
import type { ProjectRow } from "@/lib/entities/project";
import type { SessionContext } from "@/lib/server/session";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { sendDigests } from "./digest";
import { notifyProjectOwner } from "./notify";

const mailbox = useSmtpCatcher();

/** A member of a fresh organization in `language`, mailed every notification, and the organization's owner. */
async function staffIn(language: string) {
  const org = await signUpOrganization(mailbox, "Sanitär Huber");
  const db = await getDb();
  await db.update(organization).set({ language }).where(eq(organization.id, org.organizationId));
  const added = await addMember(org.organizationId);
  await db.update(member).set({ notificationEmails: "every" }).where(eq(member.id, added.member.id));
  const [owner] = await db.select({ id: member.id }).from(member).where(eq(member.email, org.email));
  return { organizationId: org.organizationId, id: added.member.id, email: added.email, ownerId: owner.id };
}

/** The owner assigns the member a project: the notification the server writes for that, then its digest email. */
async function assignedAndMailed(who: Awaited<ReturnType<typeof staffIn>>) {
  const db = await getDb();
  const session = { memberId: who.ownerId, organizationId: who.organizationId } as SessionContext;
  const project = { id: crypto.randomUUID(), organizationId: who.organizationId, ownerId: who.id, title: "Bad Müller" } as ProjectRow;
  await notifyProjectOwner(db, session, null, project);
  const [written] = await db.select().from(notification).where(eq(notification.memberId, who.id));
  const before = mailbox.mails.length;
  expect(await sendDigests(db, new Date(Date.now() + 2 * 60_000), { organizationId: who.organizationId })).toEqual({ sent: 1, failed: 0 });
  const mail = await simpleParser((await mailbox.next(who.email, before)).raw);
  return { title: written.title, mail };
}

describe("the language of notifications", () => {
  it("writes a German organization's member the notification and its email in German", async () => {
    const { title, mail } = await assignedAndMailed(await staffIn("de-DE"));
    expect(title).toBe("Olga Owner hat Ihnen Bad Müller zugewiesen");
    expect(mail.subject).toBe("Olga Owner hat Ihnen Bad Müller zugewiesen · Sanitär Huber");
    expect(mail.text).toContain("Hallo Sam Staff,");
    expect(mail.text).toContain("Sie haben eine neue Benachrichtigung in Sanitär Huber.");
    expect(mail.text).toContain("Sie erhalten diese E-Mails sofort.");
    expect(mail.text).toContain("Benachrichtigungs-E-Mails abbestellen: ");
    expect(mail.html).toContain(">Häufigkeit ändern</a>");
  });

  it("writes them in English for an English organization", async () => {
    const { title, mail } = await assignedAndMailed(await staffIn("en-US"));
    expect(title).toBe("Olga Owner assigned you Bad Müller");
    expect(mail.text).toContain("Hello Sam Staff,");
    expect(mail.text).toContain("You have a new notification in Sanitär Huber.");
    expect(mail.text).toContain("You receive these emails as they come.");
  });
});

import crypto from "node:crypto";
import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { member } from "@/db/schema/member";
import { sendDigests } from "@/lib/services/digest";
import { createNotification } from "@/lib/services/notification";
import { call } from "@/test/api";
import { addMember, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { POST as unsubscribe } from "./[token]/route";

const mailbox = useSmtpCatcher();

/** A member with a digest in its mailbox; the token is the one its List-Unsubscribe header names. */
async function withDigest() {
  const org = await signUpOrganization(mailbox);
  const added = await addMember(org.organizationId);
  const db = await getDb();
  await createNotification(db, { organizationId: org.organizationId, memberId: added.member.id }, { title: "Assigned to you" });
  await sendDigests(db, new Date(Date.now() + 2 * 60_000), { organizationId: org.organizationId });
  const mail = mailbox.mails.find((one) => one.to.includes(added.email));
  const token = /^List-Unsubscribe: <[^>]*\/api\/api\/unsubscribe\/([0-9a-f]+)>\r?$/m.exec(mail?.raw ?? "")?.[1];
  if (!token) throw new Error("No unsubscribe link in the digest");
  return { organizationId: org.organizationId, id: added.member.id, token };
}

/** What a mail client sends for a one-click unsubscribe (RFC 8058): a form post, no Origin, no cookie. */
const oneClick = (token: string, headers: Record<string, string> = {}, body = "List-Unsubscribe=One-Click") =>
  call(unsubscribe, "POST", `/unsubscribe/${token}`, {
    params: { token },
    origin: null,
    headers: { "content-type": "application/x-www-form-urlencoded", ...headers },
    body,
  });

async function state(memberId: string) {
  const db = await getDb();
  const [row] = await db.select({ emails: member.notificationEmails }).from(member).where(eq(member.id, memberId));
  const entries = await db
    .select({ memberId: history.memberId, action: history.action, changes: history.changes })
    .from(history)
    .where(and(eq(history.entityType, "member"), eq(history.entityId, memberId)));
  return { emails: row.emails, history: entries };
}

describe("POST /unsubscribe/{token}", () => {
  it("turns the member's notification emails off with one click, recorded as done by no member", async () => {
    const who = await withDigest();
    const res = await oneClick(who.token);
    expect(res.status).toBe(200);
    // Nothing about the member is answered to whoever holds the link.
    expect(res.body).toEqual({ notification_emails: "never" });
    expect(await state(who.id)).toEqual({
      emails: "never",
      history: [{ memberId: null, action: "updated", changes: { notification_emails: ["every", "never"] } }],
    });

    // A second click (or the mail client and then the person) changes nothing more.
    expect((await oneClick(who.token)).status).toBe(200);
    expect((await state(who.id)).history).toHaveLength(1);

    // And no digest goes out any more.
    const db = await getDb();
    await createNotification(db, { organizationId: who.organizationId, memberId: who.id }, { title: "After unsubscribing" });
    expect(await sendDigests(db, new Date(Date.now() + 10 * 60_000), { organizationId: who.organizationId })).toEqual({ sent: 0, failed: 0 });
  });

  it("takes the page's multipart post as well, and a token in capitals", async () => {
    const who = await withDigest();
    const form = new FormData();
    form.set("List-Unsubscribe", "One-Click");
    const res = await call(unsubscribe, "POST", `/unsubscribe/${who.token.toUpperCase()}`, { params: { token: who.token.toUpperCase() }, body: form });
    expect(res.status).toBe(200);
    expect((await state(who.id)).emails).toBe("never");
  });

  it("refuses forged and garbled tokens and changes nothing", async () => {
    const who = await withDigest();
    const before = await state(who.id);
    const flipped = who.token.slice(0, -1) + (who.token.endsWith("0") ? "1" : "0");
    const otherKey = who.token.slice(0, 32) + crypto.createHmac("sha256", "another secret").update(`member:${who.token.slice(0, 32)}`).digest("hex");
    for (const token of [flipped, otherKey, who.token.slice(0, 32), who.token + "00", "z".repeat(96), crypto.randomBytes(48).toString("hex")]) {
      const res = await oneClick(token);
      expect(res.status, token).toBe(404);
      expect(res.body.message, token).toMatch(/not valid|not found/);
    }
    for (const token of ["short", "not-a-token!"]) {
      const res = await oneClick(token);
      expect(res.status, token).toBe(404);
      expect(res.body).toEqual({ status: 404, message: "Unsubscribe link not found", resource: "Unsubscribe link" });
    }
    expect(await state(who.id)).toEqual(before);
  });

  it("another member's token cannot be made from one's own", async () => {
    const mine = await withDigest();
    const theirs = await withDigest();
    const before = await state(theirs.id);
    // My signature on their id, and their id with my signature's halves moved about.
    const borrowed = theirs.token.slice(0, 32) + mine.token.slice(32);
    const res = await oneClick(borrowed);
    expect(res.status).toBe(404);
    expect(res.body.message).toBe("This unsubscribe link is not valid. Change your email notifications in your profile instead.");
    expect(await state(theirs.id)).toEqual(before);
    expect((await state(mine.id)).emails).toBe("every");
    // Each member's own token names only itself.
    expect(theirs.token.slice(32)).not.toBe(mine.token.slice(32));
  });

  it("takes only a small form body", async () => {
    const who = await withDigest();
    const json = await oneClick(who.token, { "content-type": "application/json" }, "{}");
    expect(json.status).toBe(415);
    const big = await oneClick(who.token, {}, "x".repeat(4096));
    expect(big.status).toBe(413);
    expect((await state(who.id)).emails).toBe("every");
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { customer } from "@/db/schema/customer";
import { automatedEmail } from "@/lib/services/messaging/automated-email";
import { channelConsent, isAutomatedEmailAllowed } from "@/lib/services/messaging/consent";
import { deliverMail } from "@/lib/services/messaging/mail";
import { call, ORIGIN } from "@/test/api";
import { makeCustomer } from "@/test/conversations";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { POST as unsubscribe } from "./[token]/route";

const mailbox = useSmtpCatcher();

/** An automated email to a new customer through the real mail path; answers what the SMTP server received. */
async function sentAutomated(language?: string) {
  const org = await signUpOrganization(mailbox);
  const made = await makeCustomer(org.cookie, { name: "Ada Auto", ...(language ? { language } : {}) });
  const db = await getDb();
  const before = mailbox.mails.length;
  const mail = await automatedEmail(db, org.organizationId, made.id, {
    from: "Acme Plumbing <no-reply@craftdesk.local>",
    to: made.email,
    subject: "Your visit tomorrow",
    text: "We will be there at 9.",
    html: "<p>We will be there at 9.</p>",
  }, ORIGIN);
  await deliverMail(mail);
  const received = await mailbox.next(made.email, before);
  const token = /^List-Unsubscribe: <[^>]*\/api\/api\/unsubscribe\/([0-9a-f]{96})>\r?$/m.exec(received.raw)?.[1];
  if (!token) throw new Error(`No List-Unsubscribe in:\n${received.raw}`);
  return { ...org, customerId: made.id, raw: received.raw.replace(/=\r?\n/g, ""), token };
}

const oneClick = (token: string) =>
  call(unsubscribe, "POST", `/unsubscribe/${token}`, {
    params: { token },
    origin: null,
    headers: { "content-type": "application/x-www-form-urlencoded" },
    body: "List-Unsubscribe=One-Click",
  });

async function automatedEmails(customerId: string) {
  const db = await getDb();
  const [row] = await db.select({ on: customer.automatedEmails }).from(customer).where(eq(customer.id, customerId));
  return row.on;
}

describe("automated emails", () => {
  it("carry List-Unsubscribe and List-Unsubscribe-Post headers and a link in the customer's language", async () => {
    const sent = await sentAutomated("de-DE");
    expect(sent.raw).toMatch(new RegExp(`^List-Unsubscribe: <${ORIGIN}/api/api/unsubscribe/[0-9a-f]{96}>\\r?$`, "m"));
    expect(sent.raw).toMatch(/^List-Unsubscribe-Post: List-Unsubscribe=One-Click\r?$/m);
    expect(sent.raw).toContain(`${ORIGIN}/unsubscribe/${sent.token}`);
    expect(sent.raw).toContain("Automatische E-Mails von uns k");
    // A customer's token is not a member's: its signature says whose emails it stops.
    expect(sent.token.slice(0, 32)).toBe(sent.customerId.replace(/-/g, ""));
  });

  it("stop with one click and no session: the customer's automated emails go off, recorded by no member, and consent says so", async () => {
    const sent = await sentAutomated();
    const db = await getDb();
    expect(await isAutomatedEmailAllowed(db, sent.organizationId, sent.customerId)).toBe(true);
    const res = await oneClick(sent.token);
    expect(res.status).toBe(200);
    expect(res.body).toEqual({ automated_emails: false });
    expect(await automatedEmails(sent.customerId)).toBe(false);
    // Clicked again (the mail client, then the person): nothing more changes.
    expect((await oneClick(sent.token)).status).toBe(200);
    const entries = await db
      .select({ memberId: history.memberId, changes: history.changes })
      .from(history)
      .where(and(eq(history.entityType, "customer"), eq(history.entityId, sent.customerId), eq(history.action, "updated")));
    expect(entries).toEqual([{ memberId: null, changes: { automated_emails: [true, false] } }]);

    expect(await isAutomatedEmailAllowed(db, sent.organizationId, sent.customerId)).toBe(false);
    const consent = await channelConsent(db, sent.organizationId, { customerId: sent.customerId });
    expect(consent.email).toEqual({ allowed: false, reason: "automated_emails_off" });
    // A member's own email still goes.
    const staff = await channelConsent(db, sent.organizationId, { customerId: sent.customerId }, { automated: false });
    expect(staff.email).toMatchObject({ allowed: true });
  });

  it("a forged token, or one customer's signature on another's id, stops nothing", async () => {
    const sent = await sentAutomated();
    const flipped = sent.token.slice(0, -1) + (sent.token.endsWith("0") ? "1" : "0");
    const other = await sentAutomated();
    const borrowed = other.token.slice(0, 32) + sent.token.slice(32);
    for (const token of [flipped, borrowed]) {
      const res = await oneClick(token);
      expect(res.status, token).toBe(404);
    }
    expect(await automatedEmails(sent.customerId)).toBe(true);
    expect(await automatedEmails(other.customerId)).toBe(true);
  });
});

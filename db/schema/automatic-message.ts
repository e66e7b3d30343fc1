import { sql } from "drizzle-orm";
import { check, index, integer, pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { id, sameOrganization, timestamps } from "./columns";
import { invoice } from "./invoice";
import { member } from "./member";
import { organization } from "./organization";
import { quote } from "./quote";
import { visit } from "./visit";

/** Where a planned automatic message is: waiting for its time, written into the conversation, or not to be sent (with the reason). */
export const AUTOMATIC_MESSAGE_STATES = ["planned", "done", "dropped", "skipped"] as const;
export type AutomaticMessageState = (typeof AUTOMATIC_MESSAGE_STATES)[number];

/**
 * An automatic message about a visit, a quote or an invoice (its source: exactly one of
 * visit_id, quote_id and invoice_id), planned in the transaction of the change it is about
 * (lib/services/automatic-messages/plan.ts) and sent by a job at `due_at`.
 * One row per source, trigger, slot (which reminder) and revision (the change it is
 * about: for reminders the visit's schedule, for a quote's follow-up the send it
 * follows, for an invoice's payment reminders its due date, for the others the moment of the change), so planning the same thing
 * twice plans it once. The messages it writes
 * carry `automatic_key`, unique per organization: one message per row and channel,
 * however many instances or retries run it.
 */
export const automaticMessage = pgTable(
  "automatic_message",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    visitId: uuid("visit_id"),
    quoteId: uuid("quote_id"),
    invoiceId: uuid("invoice_id"),
    trigger: text("trigger").notNull(),
    // Which reminder ("hours_before:2"); empty for the other triggers.
    slot: text("slot").notNull().default(""),
    revision: text("revision").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    // On my way: the minutes until arrival, and the member on the way.
    etaMinutes: integer("eta_minutes"),
    memberId: uuid("member_id"),
    // A quote's follow-up: the channel and the address the quote was sent to, which it goes to as well.
    channel: text("channel", { enum: ["email", "sms"] }),
    recipient: text("recipient"),
    state: text("state", { enum: AUTOMATIC_MESSAGE_STATES }).notNull().default("planned"),
    // Why it was dropped or skipped: "moved", "cancelled", "late", "disabled", ...
    reason: text("reason"),
    // Its job is stored; a planned row without one (the process stopped after planning) is sent by the sweep.
    jobId: text("job_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("automatic_message_key_idx").on(t.organizationId, t.visitId, t.trigger, t.slot, t.revision),
    uniqueIndex("automatic_message_quote_key_idx").on(t.organizationId, t.quoteId, t.trigger, t.slot, t.revision),
    sameOrganization("automatic_message_visit_fk", t.organizationId, t.visitId, visit).onDelete("cascade"),
    uniqueIndex("automatic_message_invoice_key_idx").on(t.organizationId, t.invoiceId, t.trigger, t.slot, t.revision),
    sameOrganization("automatic_message_quote_fk", t.organizationId, t.quoteId, quote).onDelete("cascade"),
    sameOrganization("automatic_message_invoice_fk", t.organizationId, t.invoiceId, invoice).onDelete("cascade"),
    check("automatic_message_one_source", sql`num_nonnulls(${t.visitId}, ${t.quoteId}, ${t.invoiceId}) = 1`),
    sameOrganization("automatic_message_member_fk", t.organizationId, t.memberId, member),
    // The sweep: planned rows whose job was lost or never stored.
    index("automatic_message_planned_idx").on(t.dueAt).where(sql`${t.state} = 'planned'`),
  ],
);

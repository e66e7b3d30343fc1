import { pgTable, text, timestamp, uniqueIndex, uuid } from "drizzle-orm/pg-core";
import { SMS_OPT_OUT_WAYS } from "@/lib/schemas/consent";
import { id, sameOrganization, timestamps } from "./columns";
import { member } from "./member";
import { organization } from "./organization";

/**
 * A number's word on texts, per organization: one row per number that ever opted
 * out. Opted out while `opted_out_at` is set, with how and the message that did it;
 * opting back in (only the customer's START) clears those and stamps `opted_in_at`.
 * Each change is also a history entry of the row (entity type `sms_opt_out`).
 */
export const smsOptOut = pgTable(
  "sms_opt_out",
  {
    id: id(),
    organizationId: uuid("organization_id")
      .notNull()
      .references(() => organization.id, { onDelete: "cascade" }),
    // E.164, as messages store their other party.
    phone: text("phone").notNull(),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }),
    how: text("how", { enum: SMS_OPT_OUT_WAYS }),
    // The word the customer sent ("Stop"), as sent; for a keyword only.
    keyword: text("keyword"),
    // The inbound STOP, or the outgoing text Twilio refused with 21610; not a foreign key: the message may go with its conversation.
    messageId: uuid("message_id"),
    // The member who recorded the customer's wish; for `staff` only.
    memberId: uuid("member_id"),
    optedInAt: timestamp("opted_in_at", { withTimezone: true }),
    // The inbound START.
    optInMessageId: uuid("opt_in_message_id"),
    ...timestamps,
  },
  (t) => [
    uniqueIndex("sms_opt_out_org_phone_idx").on(t.organizationId, t.phone),
    sameOrganization("sms_opt_out_member_fk", t.organizationId, t.memberId, member),
  ],
);

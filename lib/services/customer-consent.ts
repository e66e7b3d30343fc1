import "server-only";
import { and, eq, inArray, isNotNull } from "drizzle-orm";
import type { Db } from "@/db/client";
import { smsOptOut } from "@/db/schema/consent";
import { contact } from "@/db/schema/contact";
import type { smsOptOutCreateSchema } from "@/lib/schemas/consent";
import type { z } from "@/lib/schemas/z";
import { invalidAt } from "@/lib/server/errors";
import { getItem, lockEditable } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { customerEntity, type CustomerRow } from "@/lib/entities/customer";
import { optOutNumber } from "./messaging/consent";
import { e164Phone } from "./organization-country";

/*
 * A customer's consent as its record shows it: whether automated emails may go
 * to it, and, for each number on file (its own and its active contacts'),
 * whether texts may. Staff may record that a customer asked not to be texted;
 * only the customer's own START opts a number back in.
 */

/** The customer's own number first, then its active contacts', each once. */
async function numbersOnFile(db: Db, row: Pick<CustomerRow, "id" | "organizationId" | "phone">): Promise<string[]> {
  const contacts = await db
    .select({ phone: contact.phone })
    .from(contact)
    .where(and(eq(contact.organizationId, row.organizationId), eq(contact.customerId, row.id), eq(contact.status, "active"), isNotNull(contact.phone)));
  return [...new Set([row.phone, ...contacts.map((entry) => entry.phone)].filter((phone): phone is string => Boolean(phone)))];
}

async function consentOf(db: Db, row: Pick<CustomerRow, "id" | "organizationId" | "phone" | "automatedEmails">) {
  const phones = await numbersOnFile(db, row);
  const rows = phones.length
    ? await db
        .select()
        .from(smsOptOut)
        .where(and(eq(smsOptOut.organizationId, row.organizationId), inArray(smsOptOut.phone, phones)))
    : [];
  const byPhone = new Map(rows.map((entry) => [entry.phone, entry]));
  return {
    automated_emails: row.automatedEmails,
    phones: phones.map((phone) => {
      const entry = byPhone.get(phone);
      return {
        phone,
        opted_out:
          entry?.optedOutAt && entry.how
            ? { since: entry.optedOutAt, how: entry.how, keyword: entry.keyword, message: entry.messageId, member: entry.memberId }
            : null,
      };
    }),
  };
}

export type CustomerConsentView = Awaited<ReturnType<typeof consentOf>>;

/** GET /customer/{id}/consent: for any customer the session sees. */
export async function customerConsent(db: Db, session: SessionContext, id: string): Promise<CustomerConsentView> {
  const view = await getItem(db, session, customerEntity, id);
  return consentOf(db, { id: view.id, organizationId: session.organizationId, phone: view.phone, automatedEmails: view.automated_emails });
}

/**
 * POST /customer/{id}/sms_opt_out: the customer asked not to be texted (on the
 * phone, in person), recorded by the member for one of the numbers on file (the
 * customer's own when none is named). Needs edit access to the customer.
 */
export async function recordSmsOptOut(db: Db, session: SessionContext, id: string, input: z.output<typeof smsOptOutCreateSchema>) {
  return db.transaction(async (tx) => {
    const row = await lockEditable(tx, session, customerEntity, id);
    const asked = input.phone === undefined ? null : await e164Phone(tx, session, input.phone);
    const phones = await numbersOnFile(tx, row);
    const phone = asked ?? row.phone;
    if (!phone) throw invalidAt("phone", "errors.consent.noPhone");
    if (!phones.includes(phone)) throw invalidAt("phone", "errors.consent.phoneNotOnFile");
    await optOutNumber(tx, session.organizationId, { phone, how: "staff", memberId: session.memberId });
    return consentOf(tx, row);
  });
}

import "server-only";
import type { Db } from "@/db/client";
import type { contactCreateSchema, contactListQuerySchema, contactUpdateSchema } from "@/lib/schemas/contact";
import type { z } from "@/lib/schemas/z";
import { invalidAt } from "@/lib/server/errors";
import { createPart, getPart, listParts, partHistory, updatePart } from "@/lib/server/scoped-parts";
import type { SessionContext } from "@/lib/server/session";
import type { CustomerRow } from "@/lib/entities/customer";
import { contactEntity, type ContactRow, type ContactView } from "@/lib/entities/contact";
import { withE164Phone } from "./organization-country";

export const listContacts = (db: Db, session: SessionContext, customerId: string, query: z.output<typeof contactListQuerySchema>) =>
  listParts(db, session, contactEntity, customerId, query);

export const getContact = (db: Db, session: SessionContext, customerId: string, id: string) => getPart(db, session, contactEntity, customerId, id);

export const contactHistory = (db: Db, session: SessionContext, customerId: string, id: string) =>
  partHistory(db, session, contactEntity, customerId, id);

/**
 * A contact can be reached the way it says: a preferred channel needs its address
 * or number, and quotes and invoices go out by email.
 */
async function checkReach(contact: Partial<ContactRow>) {
  const channel = contact.preferredChannel;
  if (channel === "email" && !contact.email) throw invalidAt("preferred_channel", "errors.contact.preferEmail");
  if ((channel === "sms" || channel === "phone") && !contact.phone) throw invalidAt("preferred_channel", "errors.contact.preferPhone", { channel });
  if (contact.receivesQuotes && !contact.email) throw invalidAt("receives_quotes", "errors.contact.documentsByEmail");
  if (contact.receivesInvoices && !contact.email) throw invalidAt("receives_invoices", "errors.contact.documentsByEmail");
}

export async function createContact(db: Db, session: SessionContext, customerId: string, input: z.output<typeof contactCreateSchema>) {
  return createPart<ContactRow, ContactView, CustomerRow>(db, session, contactEntity, customerId, await withE164Phone(db, session, input), {
    check: (_tx, _customer, _before, after) => checkReach(after),
  });
}

export async function updateContact(db: Db, session: SessionContext, customerId: string, id: string, patch: z.output<typeof contactUpdateSchema>) {
  return updatePart<ContactRow, ContactView, CustomerRow>(db, session, contactEntity, customerId, id, await withE164Phone(db, session, patch), {
    check: (_tx, _customer, _before, after) => checkReach(after),
  });
}

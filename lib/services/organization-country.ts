import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { organization } from "@/db/schema/organization";
import { normalizePhone } from "@/lib/schemas/phone";
import { badRequest } from "@/lib/server/errors";
import type { SessionContext } from "@/lib/server/session";

// On its own, not in organization.ts: customer lists and imports read phone numbers with
// it, and the organization's profile brings the mailbox integrations along.

/** The organization's country (ISO 3166-1 alpha-2), which reads phone numbers typed without a country code. */
export async function organizationCountry(db: Db, session: SessionContext): Promise<string | null> {
  const [row] = await db.select({ country: organization.country }).from(organization).where(eq(organization.id, session.organizationId));
  return row?.country ?? null;
}

/** A typed phone number in E.164, read with the organization's country; refused at `phone` when it is none. */
export async function e164Phone(db: Db, session: SessionContext, phone: string) {
  const read = normalizePhone(phone, await organizationCountry(db, session));
  if ("error" in read) throw badRequest([{ path: "phone", message: read.error }]);
  return read.number;
}

/** The input with its phone number, if it has one, in E.164 (a customer's, a contact's). */
export async function withE164Phone<T extends { phone?: string | null }>(db: Db, session: SessionContext, input: T): Promise<T> {
  return input.phone ? { ...input, phone: await e164Phone(db, session, input.phone) } : input;
}

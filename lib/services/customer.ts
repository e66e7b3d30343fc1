import "server-only";
import { eq } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import type { z } from "@/lib/schemas/z";
import type { customerCreateSchema, customerListQuerySchema, customerUpdateSchema } from "@/lib/schemas/customer";
import { normalizePhone } from "@/lib/schemas/phone";
import { createItem, getItem, listResponse, updateItem, type ListQuery } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { customerEntity } from "@/lib/entities/customer";
import { followCustomer, renameConversationCustomer } from "./conversation";
import { e164Phone, organizationCountry, withE164Phone } from "./organization-country";
import { firstSiteOf, followCustomerAddress } from "./site";

const PHONE_LIKE = /^[\d\s()+\-./]*\d[\d\s()+\-./]*$/;

/**
 * Numbers are stored in E.164, but staff search them as they write them: a whole
 * number is searched in E.164, a part of one ("496 0101") by its digits.
 */
async function searchText(db: Db, session: SessionContext, search: string | undefined) {
  if (!search || !PHONE_LIKE.test(search)) return search;
  const read = normalizePhone(search, await organizationCountry(db, session));
  return "number" in read ? read.number : search.replace(/[^\d+]/g, "");
}

export async function listCustomers(db: Db, session: SessionContext, query: ListQuery & z.output<typeof customerListQuerySchema>) {
  const phone = query.phone === undefined ? undefined : await e164Phone(db, session, query.phone);
  const search = await searchText(db, session, query.search);
  return listResponse(db, session, customerEntity, { ...query, search }, [
    query.email === undefined ? undefined : eq(customer.email, query.email),
    phone === undefined ? undefined : eq(customer.phone, phone),
  ]);
}

export const getCustomer = (db: Db, session: SessionContext, id: string) => getItem(db, session, customerEntity, id);

export async function createCustomer(db: Db, session: SessionContext, input: z.output<typeof customerCreateSchema>) {
  const { location, vat_number, einvoice_format, ...values } = input;
  const invoicing = { vatNumber: vat_number ?? null, ...(einvoice_format && { einvoiceFormat: einvoice_format }) };
  return createItem(db, session, customerEntity, { ...(await withE164Phone(db, session, values)), ...invoicing }, {
    location,
    after: (tx, row) => firstSiteOf(tx, session, row),
  });
}

export const updateCustomer = async (
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof customerUpdateSchema>,
) =>
  updateItem(db, session, customerEntity, id, await withE164Phone(db, session, patch), {
    // Conversations are found by their customer's name and live where it does, shared as it is: a change reaches them in the same transaction.
    async after(tx, before, after) {
      if (before.name !== after.name) await renameConversationCustomer(tx, after);
      if (before.locationId !== after.locationId || JSON.stringify(before.sharing) !== JSON.stringify(after.sharing)) await followCustomer(tx, after);
      await followCustomerAddress(tx, session, before, after);
    },
  });

import "server-only";
import { and, eq, inArray } from "drizzle-orm";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";

/** A page of documents (quotes, invoices) with each item's customer name beside its customer id, read in one query. */
export async function withCustomerNames<Item extends { customer: string }, Page extends { items: Item[] }>(db: Db, organizationId: string, page: Page) {
  const ids = [...new Set(page.items.map((item) => item.customer))];
  const rows =
    ids.length === 0
      ? []
      : await db
          .select({ id: customer.id, name: customer.name })
          .from(customer)
          .where(and(eq(customer.organizationId, organizationId), inArray(customer.id, ids)));
  const names = new Map(rows.map((row) => [row.id, row.name]));
  return { ...page, items: page.items.map((item) => ({ ...item, customer_name: names.get(item.customer) ?? null })) };
}

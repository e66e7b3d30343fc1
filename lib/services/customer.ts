import "server-only";
import type { Db } from "@/db/client";
import { customer } from "@/db/schema/customer";
import type { z } from "@/lib/schemas/z";
import type { customerCreateSchema, customerUpdateSchema } from "@/lib/schemas/customer";
import { caseless, createItem, getItem, listResponse, updateItem, type ListQuery, type ScopedEntity } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { renameConversationCustomer } from "./conversation";

type CustomerRow = typeof customer.$inferSelect;

const ADDRESS = ["phone", "email", "line1", "line2", "zip", "city", "state", "country"] as const;

function customerView(row: CustomerRow) {
  return {
    id: row.id,
    type: row.type,
    name: row.name,
    ...Object.fromEntries(ADDRESS.map((key) => [key, row[key]])),
    status: row.status,
    location: row.locationId,
    organization: row.organizationId,
    sharing: row.sharing,
    created: row.createdAt,
    updated: row.updatedAt,
  } as Omit<CustomerRow, "organizationId" | "locationId" | "createdAt" | "updatedAt"> & {
    location: string | null;
    organization: string;
    created: Date;
    updated: Date;
  };
}

export const customerEntity: ScopedEntity<CustomerRow, ReturnType<typeof customerView>> = {
  type: "customer",
  resource: "Customer",
  table: customer,
  columns: {
    id: customer.id,
    organizationId: customer.organizationId,
    location: customer.locationId,
    sharing: customer.sharing,
    audience: customer.audience,
    status: customer.status,
    search: { lowered: customer.searchText },
  },
  sorts: { created: customer.createdAt, updated: customer.updatedAt, name: caseless(customer.name) },
  locationKey: "locationId",
  fields: {
    type: "type",
    name: "name",
    ...Object.fromEntries(ADDRESS.map((key) => [key, key])),
    status: "status",
    sharing: "sharing",
  } as Record<string, keyof CustomerRow & string>,
  view: customerView,
  rowLocation: (row) => row.locationId,
};

export const listCustomers = (db: Db, session: SessionContext, query: ListQuery) =>
  listResponse(db, session, customerEntity, query);

export const getCustomer = (db: Db, session: SessionContext, id: string) => getItem(db, session, customerEntity, id);

export const createCustomer = (db: Db, session: SessionContext, input: z.output<typeof customerCreateSchema>) =>
  createItem(db, session, customerEntity, input);

export const updateCustomer = (
  db: Db,
  session: SessionContext,
  id: string,
  patch: z.output<typeof customerUpdateSchema>,
) =>
  updateItem(db, session, customerEntity, id, patch, {
    // Conversations are found by their customer's name: a rename reaches them in the same transaction.
    async after(tx, before, after) {
      if (before.name !== after.name) await renameConversationCustomer(tx, after);
    },
  });

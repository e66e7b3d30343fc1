import { customerCreateSchema, customerListQuerySchema } from "@/lib/schemas/customer";
import { withSharedAlias } from "@/lib/schemas/list-query";
import { route } from "@/lib/server/route";
import { createCustomer, listCustomers } from "@/lib/services/customer";

const listQuery = withSharedAlias(customerListQuerySchema);

// GET /api/api/customer — list customers (the sharing filter also as `shared`, spec §7)
export const GET = route({ query: listQuery }, ({ db, session, query }) =>
  listCustomers(db, session, query),
);

// POST /api/api/customer — create a customer
export const POST = route(
  { body: customerCreateSchema, privilege: "customers_manage", status: 201 },
  ({ db, session, body }) => createCustomer(db, session, body),
);

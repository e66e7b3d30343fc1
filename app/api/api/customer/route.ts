import { customerCreateSchema, customerListQuerySchema } from "@/lib/schemas/customer";
import { route } from "@/lib/server/route";
import { createCustomer, listCustomers } from "@/lib/services/customer";

// GET /api/api/customer — list customers
export const GET = route({ query: customerListQuerySchema }, ({ db, session, query }) =>
  listCustomers(db, session, query),
);

// POST /api/api/customer — create a customer
export const POST = route(
  { body: customerCreateSchema, privilege: "customers_manage", status: 201 },
  ({ db, session, body }) => createCustomer(db, session, body),
);

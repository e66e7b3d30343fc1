import { customerUpdateSchema } from "@/lib/schemas/customer";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getCustomer, updateCustomer } from "@/lib/services/customer";

// GET /api/api/customer/{id} — one customer
export const GET = route({ params: idParams("Customer") }, ({ db, session, params }) => getCustomer(db, session, params.id));

// PATCH /api/api/customer/{id} — change a customer's details, status or sharing
export const PATCH = route(
  { params: idParams("Customer"), body: customerUpdateSchema, privilege: "customers_manage" },
  ({ db, session, params, body }) => updateCustomer(db, session, params.id, body),
);

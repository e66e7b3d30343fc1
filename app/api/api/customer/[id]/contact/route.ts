import { contactCreateSchema, contactListQuerySchema } from "@/lib/schemas/contact";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { createContact, listContacts } from "@/lib/services/contact";

// GET /api/api/customer/{id}/contact — the customer's contacts besides its own email and phone, the first made first
export const GET = route({ params: idParams("Customer"), query: contactListQuerySchema }, ({ db, session, params, query }) =>
  listContacts(db, session, params.id, query),
);

// POST /api/api/customer/{id}/contact — add a contact to a customer
export const POST = route(
  { params: idParams("Customer"), body: contactCreateSchema, privilege: "customers_manage", status: 201 },
  ({ db, session, params, body }) => createContact(db, session, params.id, body),
);

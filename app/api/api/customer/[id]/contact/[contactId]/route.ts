import { contactUpdateSchema } from "@/lib/schemas/contact";
import { z } from "@/lib/schemas/z";
import { pathId } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getContact, updateContact } from "@/lib/services/contact";

const params = z.object({ id: pathId("Customer"), contactId: pathId("Contact") });

// GET /api/api/customer/{id}/contact/{contactId} — one contact of the customer
export const GET = route({ params }, ({ db, session, params }) => getContact(db, session, params.id, params.contactId));

// PATCH /api/api/customer/{id}/contact/{contactId} — change a contact, or remove it (status)
export const PATCH = route({ params, body: contactUpdateSchema, privilege: "customers_manage" }, ({ db, session, params, body }) =>
  updateContact(db, session, params.id, params.contactId, body),
);

import { invoiceUpdateSchema } from "@/lib/schemas/invoice";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getInvoice, updateInvoice } from "@/lib/services/invoice";

// GET /api/api/invoice/{id} — one invoice with its lines, totals, deductions and credit notes
export const GET = route({ params: idParams("Invoice") }, ({ db, session, params }) => getInvoice(db, session, params.id));

// PATCH /api/api/invoice/{id} — change a draft (an issued invoice never changes: 409)
export const PATCH = route({ params: idParams("Invoice"), body: invoiceUpdateSchema, privilege: "invoices" }, ({ db, session, params, body }) =>
  updateInvoice(db, session, params.id, body),
);

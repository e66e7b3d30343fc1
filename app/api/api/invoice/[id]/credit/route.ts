import { invoiceCreditSchema } from "@/lib/schemas/invoice";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { creditInvoice } from "@/lib/services/invoice-issue";

// POST /api/api/invoice/{id}/credit — a draft credit note of the invoice, in full or for some lines
export const POST = route({ params: idParams("Invoice"), body: invoiceCreditSchema, privilege: "invoices", status: 201 }, ({ db, session, params, body }) =>
  creditInvoice(db, session, params.id, body),
);

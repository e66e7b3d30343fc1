import { invoiceSendSchema } from "@/lib/schemas/invoice";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { sendInvoice } from "@/lib/services/invoice-send";

// POST /api/api/invoice/{id}/send — send an issued invoice through its customer's conversation (email with the PDF and e-invoice, or SMS), with a link to its page
export const POST = route({ params: idParams("Invoice"), body: invoiceSendSchema, privilege: "invoices" }, ({ db, session, params, body }) =>
  sendInvoice(db, session, params.id, body),
);

import { invoiceEinvoiceQuerySchema } from "@/lib/schemas/invoice";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { invoiceEinvoiceResponse } from "@/lib/services/invoice-files";

// GET /api/api/invoice/{id}/einvoice?format=facturx|xrechnung|ubl — an issued invoice's e-invoice: the Factur-X PDF, or the XML
export const GET = route({ params: idParams("Invoice"), query: invoiceEinvoiceQuerySchema }, ({ db, session, params, query }) =>
  invoiceEinvoiceResponse(db, session, params.id, query.format),
);

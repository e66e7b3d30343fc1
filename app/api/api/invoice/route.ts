import { invoiceCreateSchema, invoiceListQuerySchema } from "@/lib/schemas/invoice";
import { route } from "@/lib/server/route";
import { createInvoice, getInvoice, listInvoices } from "@/lib/services/invoice";

// GET /api/api/invoice — invoices and credit notes as their customers are shared, with their figures (no lines)
export const GET = route({ query: invoiceListQuerySchema }, ({ db, session, query }) => listInvoices(db, session, query));

// POST /api/api/invoice — a draft invoice: blank, from an approved quote, a quote's deposit, or a project's lines
export const POST = route({ body: invoiceCreateSchema, privilege: "invoices", status: 201 }, async ({ db, session, body }) => {
  const created = await createInvoice(db, session, body);
  return getInvoice(db, session, created.id);
});

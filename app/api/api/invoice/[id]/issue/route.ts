import { invoiceIssueSchema } from "@/lib/schemas/invoice";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { issueInvoice } from "@/lib/services/invoice-issue";

// POST /api/api/invoice/{id}/issue — number a draft, fix its dates and freeze its document
export const POST = route({ params: idParams("Invoice"), body: invoiceIssueSchema, privilege: "invoices" }, ({ db, session, params, body }) =>
  issueInvoice(db, session, params.id, body),
);

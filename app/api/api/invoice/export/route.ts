import { exportQuerySchema } from "@/lib/schemas/invoice-export";
import { route } from "@/lib/server/route";
import { exportInvoices } from "@/lib/services/invoice-export";

// GET /api/api/invoice/export — the issued invoices and credit notes of a period, for the accountant, as CSV or XLSX
export const GET = route({ query: exportQuerySchema, privilege: "invoices" }, async ({ db, session, query, locale }) =>
  exportInvoices(db, session, query, await locale()),
);

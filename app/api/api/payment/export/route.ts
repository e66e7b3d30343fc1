import { exportQuerySchema } from "@/lib/schemas/invoice-export";
import { route } from "@/lib/server/route";
import { exportPayments } from "@/lib/services/invoice-export";

// GET /api/api/payment/export — the payments of a period, for the accountant, as CSV or XLSX
export const GET = route({ query: exportQuerySchema, privilege: "invoices" }, async ({ db, session, query, locale }) =>
  exportPayments(db, session, query, await locale()),
);

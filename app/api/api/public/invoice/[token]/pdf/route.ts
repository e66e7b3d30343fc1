import { publicDocumentRoute } from "@/lib/server/public-route";
import { publicInvoicePdf } from "@/lib/services/invoice-public/pdf";

// GET /api/api/public/invoice/{token}/pdf — the invoice the page shows as a PDF
export const GET = publicDocumentRoute("invoice", {}, ({ db, document, actor }) => publicInvoicePdf(db, document, actor));

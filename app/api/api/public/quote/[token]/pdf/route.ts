import { publicDocumentRoute } from "@/lib/server/public-route";
import { publicQuotePdf } from "@/lib/services/quote-public/pdf";

// GET /api/api/public/quote/{token}/pdf — the quote the page shows as a PDF; once approved, with the customer's choice and signature
export const GET = publicDocumentRoute("quote", {}, ({ db, document, actor }) => publicQuotePdf(db, document, actor));

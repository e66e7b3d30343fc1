import { publicDocumentRoute } from "@/lib/server/public-route";
import { publicInvoiceLogo } from "@/lib/services/invoice-public/logo";

// GET /api/api/public/invoice/{token}/logo — the business's logo on the invoice's page, and no other file
export const GET = publicDocumentRoute("invoice", {}, ({ db, document, actor }) => publicInvoiceLogo(db, document, actor));

import { publicDocumentRoute } from "@/lib/server/public-route";
import { openPublicInvoice, publicInvoiceView } from "@/lib/services/invoice-public/view";

// GET /api/api/public/invoice/{token} — the issued invoice as the customer reads it, what is paid and due, and whether it can be paid online; the first opening marks it viewed
export const GET = publicDocumentRoute("invoice", {}, async ({ db, document, actor }) => publicInvoiceView(await openPublicInvoice(db, document, actor)));

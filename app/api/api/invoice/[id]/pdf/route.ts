import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { invoicePdfResponse } from "@/lib/services/invoice-files";

// GET /api/api/invoice/{id}/pdf — the invoice's PDF: an issued one's from its frozen document, a draft's as a preview marked DRAFT
export const GET = route({ params: idParams("Invoice") }, ({ db, session, params }) => invoicePdfResponse(db, session, params.id));

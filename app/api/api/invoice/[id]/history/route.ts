import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { invoiceHistory } from "@/lib/services/invoice";

// GET /api/api/invoice/{id}/history — who changed, issued, credited and paid an invoice, newest first
export const GET = route({ params: idParams("Invoice") }, ({ db, session, params }) => invoiceHistory(db, session, params.id));

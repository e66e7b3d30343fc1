import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { voidInvoice } from "@/lib/services/invoice-issue";

// POST /api/api/invoice/{id}/void — void a draft, or an issued invoice by a credit note in full
export const POST = route({ params: idParams("Invoice"), privilege: "invoices" }, ({ db, session, params }) => voidInvoice(db, session, params.id));

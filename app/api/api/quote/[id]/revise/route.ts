import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { reviseQuote } from "@/lib/services/quote";

// POST /api/api/quote/{id}/revise — start the next revision of a sent quote as a draft
export const POST = route({ params: idParams("Quote"), privilege: "customers_manage" }, ({ db, session, params }) => reviseQuote(db, session, params.id));

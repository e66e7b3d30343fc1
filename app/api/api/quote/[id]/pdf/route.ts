import { quotePdfQuerySchema } from "@/lib/schemas/quote";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { quotePdfResponse } from "@/lib/services/quote-send";

// GET /api/api/quote/{id}/pdf — the PDF of the last revision sent (or ?revision=N); a draft's as a preview marked DRAFT
export const GET = route({ params: idParams("Quote"), query: quotePdfQuerySchema }, ({ db, session, params, query }) =>
  quotePdfResponse(db, session, params.id, query.revision),
);

import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { quoteHistory } from "@/lib/services/quote";

// GET /api/api/quote/{id}/history — who changed, sent and revised a quote, newest first
export const GET = route({ params: idParams("Quote") }, ({ db, session, params }) => quoteHistory(db, session, params.id));

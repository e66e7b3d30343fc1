import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { quoteLink } from "@/lib/services/quote-send";

// POST /api/api/quote/{id}/link — a fresh link to the customer's page of a sent quote (older links end)
export const POST = route({ params: idParams("Quote"), privilege: "customers_manage" }, ({ db, session, params }) => quoteLink(db, session, params.id));

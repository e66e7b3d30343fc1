import { quoteUpdateSchema } from "@/lib/schemas/quote";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getQuote, updateQuote } from "@/lib/services/quote";

// GET /api/api/quote/{id} — one quote with its options, totals and the customer's answers
export const GET = route({ params: idParams("Quote") }, ({ db, session, params }) => getQuote(db, session, params.id));

// PATCH /api/api/quote/{id} — change a draft quote (a sent one is revised first)
export const PATCH = route({ params: idParams("Quote"), body: quoteUpdateSchema, privilege: "customers_manage" }, ({ db, session, params, body }) =>
  updateQuote(db, session, params.id, body),
);

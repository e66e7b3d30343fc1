import { quoteCreateSchema, quoteListQuerySchema } from "@/lib/schemas/quote";
import { route } from "@/lib/server/route";
import { createQuote, getQuote, listQuotes } from "@/lib/services/quote";

// GET /api/api/quote — quotes as their customers are shared, with their totals (no options)
export const GET = route({ query: quoteListQuerySchema }, ({ db, session, query }) => listQuotes(db, session, query));

// POST /api/api/quote — write a quote to a customer, from the price book or free lines
export const POST = route({ body: quoteCreateSchema, privilege: "customers_manage", status: 201 }, async ({ db, session, body }) => {
  const created = await createQuote(db, session, body);
  return getQuote(db, session, created.id);
});

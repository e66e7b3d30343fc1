import { priceItemCreateSchema, priceItemListQuerySchema } from "@/lib/schemas/price-item";
import { route } from "@/lib/server/route";
import { createPriceItem, listPriceItems } from "@/lib/services/price-item";

// GET /api/api/price_item — the price book
export const GET = route({ query: priceItemListQuerySchema }, ({ db, session, query }) => listPriceItems(db, session, query));

// POST /api/api/price_item — add an item or service to the price book
export const POST = route({ body: priceItemCreateSchema, privilege: "admin", status: 201 }, ({ db, session, body }) => createPriceItem(db, session, body));

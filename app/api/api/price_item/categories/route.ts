import { route } from "@/lib/server/route";
import { priceItemCategories } from "@/lib/services/price-item";

// GET /api/api/price_item/categories — the categories the price book's items are in
export const GET = route({}, ({ db, session }) => priceItemCategories(db, session));

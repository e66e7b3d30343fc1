import { priceItemUpdateSchema } from "@/lib/schemas/price-item";
import { idParams } from "@/lib/server/params";
import { route } from "@/lib/server/route";
import { getPriceItem, updatePriceItem } from "@/lib/services/price-item";

// GET /api/api/price_item/{id} — one item of the price book
export const GET = route({ params: idParams("Price item") }, ({ db, session, params }) => getPriceItem(db, session, params.id));

// PATCH /api/api/price_item/{id} — change or archive an item of the price book
export const PATCH = route({ params: idParams("Price item"), body: priceItemUpdateSchema, privilege: "admin" }, ({ db, session, params, body }) =>
  updatePriceItem(db, session, params.id, body),
);

import { optionsOf } from "@/components/browse/common-filters";
import type { PriceItemView } from "@/lib/entities/price-item";
import type { TaxRateView } from "@/lib/entities/tax-rate";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { PRICE_ITEM_STATUSES, PRICE_UNITS, TAX_RATE_STATUSES } from "@/lib/schemas/price-book-values";

/** An item of the price book as GET /price_item answers it. */
export type PriceItemItem = Jsonify<PriceItemView>;
/** A tax rate as GET /tax_rate answers it. */
export type TaxRateItem = Jsonify<TaxRateView>;

export const PRICE_UNIT_OPTIONS = optionsOf(PRICE_UNITS, {
  hour: "priceItem.unit.hour",
  piece: "priceItem.unit.piece",
  metre: "priceItem.unit.metre",
  square_metre: "priceItem.unit.square_metre",
  kilogram: "priceItem.unit.kilogram",
  litre: "priceItem.unit.litre",
  day: "priceItem.unit.day",
  flat: "priceItem.unit.flat",
});

export const PRICE_ITEM_STATUS_OPTIONS = optionsOf(PRICE_ITEM_STATUSES, { active: "priceItem.status.active", archived: "priceItem.status.archived" });
export const TAX_RATE_STATUS_OPTIONS = optionsOf(TAX_RATE_STATUSES, { active: "taxRate.status.active", archived: "taxRate.status.archived" });

/** Every rate, archived ones too: an item may still name one. */
export const ALL_TAX_RATES = { status: [...TAX_RATE_STATUSES], limit: "500" };

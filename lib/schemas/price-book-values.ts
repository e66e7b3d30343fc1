import type { ListOptions } from "./lists";

// Plain values of tax rates and the price book, shared by the database schema, the API and the screens (no zod here).

export const TAX_RATE_STATUSES = ["active", "archived"] as const;
export type TaxRateStatus = (typeof TAX_RATE_STATUSES)[number];

export const PRICE_ITEM_STATUSES = ["active", "archived"] as const;
export type PriceItemStatus = (typeof PRICE_ITEM_STATUSES)[number];

/** What a price is per; machine values, shown translated. */
export const PRICE_UNITS = ["hour", "piece", "metre", "square_metre", "kilogram", "litre", "day", "flat"] as const;
export type PriceUnit = (typeof PRICE_UNITS)[number];

/** The organization's tax rates: active ones, highest rate first. */
export const TAX_RATE_LIST = {
  statuses: TAX_RATE_STATUSES,
  defaultStatus: ["active"],
  sorts: ["percent", "created", "updated", "name"],
  defaultSort: "percent",
} as const satisfies ListOptions;

/** The price book: active items, newest first. */
export const PRICE_ITEM_LIST = {
  statuses: PRICE_ITEM_STATUSES,
  defaultStatus: ["active"],
  sorts: ["created", "updated", "name", "price"],
  defaultSort: "created",
} as const satisfies ListOptions;

/** The catalogue's words for a unit after a quantity, in the plural it takes ("16 hours"): documents and screens print the same. */
export const UNIT_WORD_KEYS: Record<PriceUnit, string> = {
  hour: "document.unit.hour",
  piece: "document.unit.piece",
  metre: "document.unit.metre",
  square_metre: "document.unit.square_metre",
  kilogram: "document.unit.kilogram",
  litre: "document.unit.litre",
  day: "document.unit.day",
  flat: "document.unit.flat",
};

"use client";
import { useMemo } from "react";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { useCurrency } from "@/components/money/use-currency";
import { priceItemBrowse } from "@/components/price-item/price-item-browse";
import type { PriceItemItem } from "@/components/price-item/price-item-item";

/** The price book; `initial` is its first page when the server read it. */
export function PriceItemListScreen({ initial }: { initial?: ListPage<PriceItemItem> }) {
  const currency = useCurrency();
  const config = useMemo(() => priceItemBrowse(currency), [currency]);
  return <BrowseScreen config={config} initial={initial} />;
}

"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { priceItemDetail } from "@/components/price-item/price-item-detail";

export default function PriceItemLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={priceItemDetail}>{children}</DetailLayout>;
}

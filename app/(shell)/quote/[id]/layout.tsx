"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { quoteDetail } from "@/components/quote/quote-detail";

export default function QuoteLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={quoteDetail}>{children}</DetailLayout>;
}

"use client";
import { QuoteRecord } from "@/components/quote/quote-record";

export default function QuotePage() {
  return <QuoteRecord />;
}

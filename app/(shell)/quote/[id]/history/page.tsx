"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { quoteHistoryFields } from "@/components/quote/quote-detail";

const quoteHistory = (id: string) => `/quote/${id}/history`;

export default function QuoteHistoryPage() {
  return <HistoryTab type="quote" fields={quoteHistoryFields} path={quoteHistory} />;
}

"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { invoiceHistoryFields } from "@/components/invoice/invoice-detail";

const invoiceHistory = (id: string) => `/invoice/${id}/history`;

export default function InvoiceHistoryPage() {
  return <HistoryTab type="invoice" fields={invoiceHistoryFields} path={invoiceHistory} />;
}

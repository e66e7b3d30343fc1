"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { customerHistoryFields } from "@/components/customer/customer-detail";

export default function CustomerHistoryPage() {
  return <HistoryTab type="customer" fields={customerHistoryFields} />;
}

"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { fileHistoryFields } from "@/components/file/file-detail";

export default function FileHistoryPage() {
  return <HistoryTab type="file" fields={fileHistoryFields} />;
}

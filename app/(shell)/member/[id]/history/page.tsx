"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { memberHistoryFields } from "@/components/member/member-detail";

export default function MemberHistoryPage() {
  return <HistoryTab type="member" fields={memberHistoryFields} />;
}

"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { roleHistoryFields } from "@/components/role/role-detail";

export default function RoleHistoryPage() {
  return <HistoryTab type="role" fields={roleHistoryFields} />;
}

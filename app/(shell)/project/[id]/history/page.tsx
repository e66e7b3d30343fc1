"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { projectHistoryFields } from "@/components/project/project-history";

export default function ProjectHistoryPage() {
  return <HistoryTab type="project" fields={projectHistoryFields} />;
}

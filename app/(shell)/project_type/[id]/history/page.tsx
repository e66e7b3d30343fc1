"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { projectTypeHistoryFields } from "@/components/project-type/project-type-detail";

export default function ProjectTypeHistoryPage() {
  return <HistoryTab type="project_type" fields={projectTypeHistoryFields} />;
}

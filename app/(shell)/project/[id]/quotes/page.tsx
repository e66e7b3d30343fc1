"use client";
import { ProjectQuotesTab } from "@/components/quote/project-quotes-tab";

export default function ProjectQuotesPage() {
  return <ProjectQuotesTab />;
}

"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { projectDetail } from "@/components/project/project-detail";
import { ProjectWorkflowBar } from "@/components/project/project-header";

export default function ProjectLayout({ children }: { children: ReactNode }) {
  return (
    <DetailLayout config={projectDetail}>
      <ProjectWorkflowBar />
      {children}
    </DetailLayout>
  );
}

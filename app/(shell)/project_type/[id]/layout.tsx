"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { projectTypeDetail } from "@/components/project-type/project-type-detail";

export default function ProjectTypeLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={projectTypeDetail}>{children}</DetailLayout>;
}

"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { fileDetail } from "@/components/file/file-detail";

export default function FileLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={fileDetail}>{children}</DetailLayout>;
}

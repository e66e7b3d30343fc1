"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { memberDetail } from "@/components/member/member-detail";

export default function MemberLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={memberDetail}>{children}</DetailLayout>;
}

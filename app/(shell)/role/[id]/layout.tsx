"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { roleDetail } from "@/components/role/role-detail";

export default function RoleLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={roleDetail}>{children}</DetailLayout>;
}

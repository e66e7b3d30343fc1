"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { customerDetail } from "@/components/customer/customer-detail";

export default function CustomerLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={customerDetail}>{children}</DetailLayout>;
}

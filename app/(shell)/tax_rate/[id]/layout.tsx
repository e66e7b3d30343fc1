"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { taxRateDetail } from "@/components/tax-rate/tax-rate-detail";

export default function TaxRateLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={taxRateDetail}>{children}</DetailLayout>;
}

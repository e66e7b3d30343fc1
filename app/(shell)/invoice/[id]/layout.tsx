"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { invoiceDetail } from "@/components/invoice/invoice-detail";

export default function InvoiceLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={invoiceDetail}>{children}</DetailLayout>;
}

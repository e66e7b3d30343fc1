"use client";
import { InvoiceRecord } from "@/components/invoice/invoice-record";

export default function InvoicePage() {
  return <InvoiceRecord />;
}

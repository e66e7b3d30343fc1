"use client";
import { ProjectInvoicesTab } from "@/components/invoice/customer-invoices-card";

export default function ProjectInvoicesPage() {
  return <ProjectInvoicesTab />;
}

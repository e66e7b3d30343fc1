"use client";
import { ProjectInvoicesTab } from "@/components/invoice/project-invoices-tab";

export default function ProjectInvoicesPage() {
  return <ProjectInvoicesTab />;
}

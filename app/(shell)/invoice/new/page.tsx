"use client";
import { useSearchParams } from "next/navigation";
import { CreateScreen } from "@/components/form/create-screen";
import { invoiceForm } from "@/components/invoice/invoice-form";
import { InvoiceFromSource, sourceOf } from "@/components/invoice/invoice-from-source";

/** A blank invoice for a customer, or one from a quote (`?quote=`, `&deposit=1`) or a project (`?project=`). */
export default function NewInvoicePage() {
  const source = sourceOf(useSearchParams());
  return source ? <InvoiceFromSource source={source} /> : <CreateScreen config={invoiceForm} />;
}

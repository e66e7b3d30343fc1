"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { customerForm } from "@/components/customer/customer-form";

export default function CustomerDetailsPage() {
  return <DetailsTab config={customerForm} />;
}

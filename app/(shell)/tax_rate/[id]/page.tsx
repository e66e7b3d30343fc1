"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { taxRateForm } from "@/components/tax-rate/tax-rate-form";

export default function TaxRateDetailsPage() {
  return <DetailsTab config={taxRateForm} />;
}

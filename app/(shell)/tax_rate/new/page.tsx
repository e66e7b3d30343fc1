"use client";
import { CreateScreen } from "@/components/form/create-screen";
import { taxRateForm } from "@/components/tax-rate/tax-rate-form";

export default function NewTaxRatePage() {
  return <CreateScreen config={taxRateForm} />;
}

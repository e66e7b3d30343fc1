"use client";
import { TaxRatesTab } from "@/components/tax-rate/tax-rates-tab";

export default function OrganizationTaxRatesPage() {
  return <TaxRatesTab />;
}

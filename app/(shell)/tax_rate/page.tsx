import { redirect } from "next/navigation";

/** The rates are listed in Organization settings. */
export default function TaxRateListRoute() {
  redirect("/organization/tax_rates");
}

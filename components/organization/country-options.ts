import type { Option } from "@/components/browse/browse-config";
import { COUNTRIES } from "@/lib/schemas/countries";

/** Every country phone numbers can be read for, by its English name. */
export function countryOptions(): Option[] {
  const names = new Intl.DisplayNames(["en"], { type: "region" });
  return COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => a.label.localeCompare(b.label));
}

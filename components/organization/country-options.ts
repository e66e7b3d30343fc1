import type { Option } from "@/components/browse/browse-config";
import { COUNTRIES } from "@/lib/schemas/countries";

/** Every country phone numbers can be read for, by its name in the page's language and in that language's order. */
export function countryOptions(locale: string): Option[] {
  const names = new Intl.DisplayNames([locale], { type: "region" });
  const collator = new Intl.Collator(locale);
  return COUNTRIES.map((code) => ({ value: code, label: names.of(code) ?? code })).sort((a, b) => collator.compare(a.label, b.label));
}

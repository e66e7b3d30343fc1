import type { Option } from "@/components/browse/browse-config";

/** Every ISO 4217 currency the runtime knows, by code and its name in the page's language ("EUR · Euro"). */
export function currencyOptions(locale: string): Option[] {
  const names = new Intl.DisplayNames([locale], { type: "currency" });
  return Intl.supportedValuesOf("currency").map((code) => ({ value: code, label: `${code} · ${names.of(code) ?? code}` }));
}

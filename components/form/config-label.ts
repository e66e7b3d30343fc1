import { useTranslations } from "next-intl";

/**
 * Labels of entity configs (columns, filters, fields, titles) are catalogue keys
 * ("customer.column.city") or, where not yet translated, the English text: a key
 * is translated, anything else shown as it is.
 */
export function useConfigLabel(): (label: string) => string {
  const t = useTranslations();
  return (label: string) => (t.has(label as never) ? t(label as never) : label);
}

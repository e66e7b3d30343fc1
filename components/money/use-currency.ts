"use client";
import { useLocale } from "next-intl";
import { organizationCurrency } from "@/lib/money/currency";
import { formatMoney } from "@/lib/money/format";
import { useSession } from "@/lib/client/use-session";

/** The organization's currency, as its amounts are kept (lib/money/currency.ts); EUR until the session is loaded. */
export function useCurrency(): string {
  const { data: session } = useSession();
  return organizationCurrency(session?.organization ?? {});
}

/** Amounts in the organization's currency, as the page's language writes them. */
export function useMoney() {
  const currency = useCurrency();
  const locale = useLocale();
  return { currency, locale, format: (amount: number) => formatMoney(amount, currency, locale) };
}

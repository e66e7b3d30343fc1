"use client";
import { useMoney } from "./use-currency";

/** An amount in minor units of the organization's currency, written the page's language's way. */
export function MoneyText({ amount }: { amount: number | null }) {
  const { format } = useMoney();
  return <>{amount === null ? "" : format(amount)}</>;
}

"use client";
import { useTranslations } from "next-intl";
import type { CustomerType } from "@/lib/schemas/constants";
import { CUSTOMER_TYPE_KEYS } from "./customer-item";

/** A customer's type as the list shows it. */
export function CustomerTypeCell({ type }: { type: CustomerType }) {
  const t = useTranslations();
  return <>{t(CUSTOMER_TYPE_KEYS[type])}</>;
}

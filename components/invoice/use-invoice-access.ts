"use client";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import type { InvoiceItem } from "./invoice-item";

/**
 * Whether the invoice's form edits: a draft only. Issued, it never changes, and says so
 * with its number; a void draft is read only too.
 */
export function useInvoiceAccess(item: InvoiceItem): { editable: boolean; note?: string } | undefined {
  const t = useTranslations();
  const { level } = useDetail<InvoiceItem>();
  if (item.status === "draft") return level === "edit" ? undefined : { editable: false };
  if (item.status === "void" && !item.number) return { editable: false, note: t("invoice.readOnlyVoid") };
  const number = item.number ?? "";
  return { editable: false, note: item.kind === "credit_note" ? t("invoice.readOnlyCredit", { number }) : t("invoice.readOnlyIssued", { number }) };
}

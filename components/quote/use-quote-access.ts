"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import { REVISABLE, type QuoteItem } from "./quote-item";

/**
 * Whether the quote's form edits (a draft only) and, when it does not, what it says:
 * "Revise it" only where Revise is offered (quote-actions.tsx), the approval's date on
 * an approved quote, else that a sent quote no longer changes.
 */
export function useQuoteAccess(item: QuoteItem): { editable: boolean; note?: string } | undefined {
  const t = useTranslations();
  const format = useFormatter();
  const { level } = useDetail<QuoteItem>();
  if (item.status === "draft") return undefined;
  if (item.status === "approved") {
    const date = item.answered ? format.dateTime(new Date(item.answered), { dateStyle: "medium" }) : null;
    return { editable: false, note: date ? t("quote.readOnlyApproved", { date }) : t("quote.readOnlySent") };
  }
  if (level === "edit" && REVISABLE.includes(item.status)) return { editable: false, note: "quote.readOnly" };
  return { editable: false, note: t("quote.readOnlySent") };
}

"use client";
import { useLocale } from "next-intl";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { itemFilter } from "@/components/browse/item-picker";
import { CUSTOMER, QUOTE, browseHeading, createAction } from "@/components/entities";
import { MoneyText } from "@/components/money/money-text";
import { minorToDecimal } from "@/lib/money/format";
import { QUOTE_LIST } from "@/lib/schemas/quote-values";
import { QUOTE_STATUS_OPTIONS, type QuoteListItem } from "./quote-item";
import { QuoteStatusBadge } from "./quote-status-badge";

/** A calendar day (YYYY-MM-DD) as the page's language writes it. */
export function DayText({ day }: { day: string | null }) {
  const locale = useLocale();
  if (!day) return null;
  const [year, month, date] = day.split("-").map(Number);
  return <>{new Intl.DateTimeFormat(locale, { dateStyle: "medium", timeZone: "UTC" }).format(Date.UTC(year, month - 1, date))}</>;
}

export const quoteCustomerFilter = itemFilter("customer", "quote.field.customer", { type: CUSTOMER.type, name: (item) => item.name });

/** The quotes: newest first, by status and customer, searched by number and title. */
export const quoteBrowse: BrowseConfig<QuoteListItem> = {
  ...browseHeading(QUOTE),
  empty: "quote.entity.empty",
  create: createAction(QUOTE),
  list: QUOTE_LIST,
  filters: [{ key: "status", label: "browse.filter.status", kind: "multi", options: QUOTE_STATUS_OPTIONS }, quoteCustomerFilter],
  sorts: [
    { value: "created", label: "browse.sort.created" },
    { value: "updated", label: "browse.sort.updated" },
    { value: "number", label: "quote.sort.number" },
    { value: "total", label: "quote.sort.total" },
    { value: "valid_until", label: "quote.sort.validUntil" },
  ],
  name: (item) => item.title,
  nameHeader: "quote.field.title",
  location: (item) => item.location,
  columns: [
    { header: "quote.field.number", cell: (item) => item.number ?? "", visibleFrom: "sm", belowName: true },
    { header: "quote.field.customer", cell: (item) => item.customer_name ?? "", visibleFrom: "sm", belowName: true },
    { header: "quote.field.status", cell: (item) => <QuoteStatusBadge status={item.status} /> },
    { header: "quote.field.total", cell: (item) => <MoneyText amount={item.total} />, visibleFrom: "xs", belowName: true },
    { header: "quote.field.validUntil", cell: (item) => <DayText day={item.valid_until} />, visibleFrom: "md" },
  ],
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Number", value: (item) => item.number ?? "" },
    { header: "Title", value: (item) => item.title },
    { header: "Customer", value: (item) => item.customer_name ?? "" },
    { header: "Status", value: (item) => item.status },
    // In the currency's units (12.50), as the price book exports amounts.
    { header: "Total", value: (item) => minorToDecimal(item.total, item.currency) },
    { header: "Currency", value: (item) => item.currency },
    { header: "Valid until", value: (item) => item.valid_until ?? "" },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};

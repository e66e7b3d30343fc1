"use client";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { itemFilter } from "@/components/browse/item-picker";
import { CUSTOMER, INVOICE, browseHeading, createAction } from "@/components/entities";
import { MoneyText } from "@/components/money/money-text";
import { DayText } from "@/components/quote/quote-browse";
import { minorToDecimal } from "@/lib/money/format";
import { INVOICE_LIST } from "@/lib/schemas/invoice-values";
import { INVOICE_STATUS_OPTIONS, type InvoiceListItem } from "./invoice-item";
import { InvoiceStatusBadge } from "./invoice-status-badge";

export const invoiceCustomerFilter = itemFilter("customer", "invoice.field.customer", { type: CUSTOMER.type, name: (item) => item.name });

/** The invoices and credit notes: newest first, by status and customer, searched by number and title. */
export const invoiceBrowse: BrowseConfig<InvoiceListItem> = {
  ...browseHeading(INVOICE),
  empty: "invoice.entity.empty",
  create: createAction(INVOICE),
  list: INVOICE_LIST,
  filters: [{ key: "status", label: "browse.filter.status", kind: "multi", options: INVOICE_STATUS_OPTIONS }, invoiceCustomerFilter],
  sorts: [
    { value: "created", label: "browse.sort.created" },
    { value: "updated", label: "browse.sort.updated" },
    { value: "number", label: "invoice.sort.number" },
    { value: "issue_date", label: "invoice.sort.issueDate" },
    { value: "due_date", label: "invoice.sort.dueDate" },
    { value: "total", label: "invoice.sort.total" },
    { value: "due", label: "invoice.sort.due" },
  ],
  name: (item) => item.number ?? item.title,
  nameHeader: "invoice.field.number",
  location: (item) => item.location,
  columns: [
    { header: "invoice.field.customer", cell: (item) => item.customer_name ?? "", visibleFrom: "sm", belowName: true },
    { header: "invoice.field.status", cell: (item) => <InvoiceStatusBadge status={item.status} /> },
    { header: "invoice.field.issueDate", cell: (item) => <DayText day={item.issue_date} />, visibleFrom: "md" },
    { header: "invoice.field.dueDate", cell: (item) => <DayText day={item.due_date} />, visibleFrom: "md" },
    { header: "invoice.field.total", cell: (item) => <MoneyText amount={item.total} />, visibleFrom: "xs", belowName: true },
    { header: "invoice.field.due", cell: (item) => <MoneyText amount={item.due} />, visibleFrom: "sm" },
  ],
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Kind", value: (item) => item.kind },
    { header: "Number", value: (item) => item.number ?? "" },
    { header: "Title", value: (item) => item.title },
    { header: "Customer", value: (item) => item.customer_name ?? "" },
    { header: "Status", value: (item) => item.status },
    { header: "Issue date", value: (item) => item.issue_date ?? "" },
    { header: "Due date", value: (item) => item.due_date ?? "" },
    // In the currency's units (12.50), as the price book exports amounts.
    { header: "Total", value: (item) => minorToDecimal(item.total, item.currency) },
    { header: "Due", value: (item) => minorToDecimal(item.due, item.currency) },
    { header: "Currency", value: (item) => item.currency },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
};

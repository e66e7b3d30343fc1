"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { invoiceBrowse } from "@/components/invoice/invoice-browse";
import type { InvoiceListItem } from "@/components/invoice/invoice-item";

/** The invoices; `initial` is their first page when the server read it. */
export function InvoiceListScreen({ initial }: { initial?: ListPage<InvoiceListItem> }) {
  return <BrowseScreen config={invoiceBrowse} initial={initial} />;
}

"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { customerBrowse } from "@/components/customer/customer-browse";
import type { CustomerItem } from "@/components/customer/customer-item";

/** The customer list; `initial` is its first page when the server read it. */
export function CustomerListScreen({ initial }: { initial?: ListPage<CustomerItem> }) {
  return <BrowseScreen config={customerBrowse} initial={initial} />;
}

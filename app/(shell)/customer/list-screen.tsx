"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { customerBrowse } from "@/components/customer/customer-browse";
import type { CustomerItem } from "@/components/customer/customer-item";
import { PhoneDisplaysProvider } from "@/components/detail/phone-text";

/**
 * The customer list; `initial` is its first page when the server read it, and
 * `phones` how the server showed that page's numbers.
 */
export function CustomerListScreen({ initial, phones = {} }: { initial?: ListPage<CustomerItem>; phones?: Record<string, string> }) {
  return (
    <PhoneDisplaysProvider value={phones}>
      <BrowseScreen config={customerBrowse} initial={initial} />
    </PhoneDisplaysProvider>
  );
}

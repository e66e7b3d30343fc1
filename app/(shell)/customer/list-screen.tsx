"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { customerBrowseWith } from "@/components/customer/customer-browse-config";
import type { CustomerItem } from "@/components/customer/customer-item";
import { ListPhoneText, PhoneDisplaysProvider } from "@/components/detail/phone-displays";

const customerList = customerBrowseWith(ListPhoneText);

/**
 * The customer list; `initial` is its first page when the server read it, and
 * `phones` how the server showed that page's numbers.
 */
export function CustomerListScreen({ initial, phones = {} }: { initial?: ListPage<CustomerItem>; phones?: Record<string, string> }) {
  return (
    <PhoneDisplaysProvider value={phones}>
      <BrowseScreen config={customerList} initial={initial} />
    </PhoneDisplaysProvider>
  );
}

import { GET } from "@/app/api/api/customer/route";
import type { CustomerItem } from "@/components/customer/customer-item";
import { formatPhone } from "@/lib/schemas/phone";
import { firstPage, type SearchParams } from "@/lib/server/first-page";
import { initialSession } from "@/lib/server/initial-session";
import { CustomerListScreen } from "./list-screen";

/**
 * The customer list with its first page, and that page's phone numbers as the
 * organization reads them, shown without the phone number library in the browser.
 */
export default async function CustomerListRoute({ searchParams }: { searchParams: SearchParams }) {
  const initial = await firstPage<CustomerItem>("/customer", GET, searchParams);
  const country = initial ? (await initialSession())?.organization.country : undefined;
  const phones: Record<string, string> = {};
  for (const { phone } of initial?.items ?? []) if (phone) phones[phone] = formatPhone(phone, country);
  return <CustomerListScreen initial={initial} phones={phones} />;
}

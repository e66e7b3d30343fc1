import { namedScopedList } from "@/components/browse/common-filters";
import { createdSinceFilter } from "@/components/browse/created-since-filter";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { PhoneLink } from "@/components/detail/phone-text";
import { RelativeTime } from "@/components/detail/relative-time";
import { CUSTOMER_IMPORT_FIELDS } from "@/lib/import/customer-fields";
import { CUSTOMER_TYPE_LABELS } from "@/lib/schemas/constants";
import { CUSTOMER_LIST } from "@/lib/schemas/lists";
import { CUSTOMER_CONTACT_FIELDS, type CustomerItem } from "./customer-item";
import { CUSTOMER, browseHeading, createAction } from "@/components/entities";

export const customerBrowse: BrowseConfig<CustomerItem> = {
  ...browseHeading(CUSTOMER),
  create: createAction(CUSTOMER),
  list: CUSTOMER_LIST,
  ...namedScopedList,
  filters: [...namedScopedList.filters, createdSinceFilter],
  columns: [
    { header: "Type", cell: (item) => CUSTOMER_TYPE_LABELS[item.type], visibleFrom: "sm" },
    { header: "Phone", cell: (item) => item.phone && <PhoneLink phone={item.phone} />, visibleFrom: "md", belowName: true },
    { header: "City", cell: (item) => item.city ?? "", visibleFrom: "md", belowName: true },
    { header: "Updated", cell: (item) => <RelativeTime date={item.updated} /> },
  ],
  csv: [
    { header: "ID", value: (item) => item.id },
    { header: "Type", value: (item) => item.type },
    { header: "Name", value: (item) => item.name },
    ...CUSTOMER_CONTACT_FIELDS.map((field) => ({ header: field.label, value: (item: CustomerItem) => item[field.key] ?? "" })),
    { header: "Status", value: (item) => item.status },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
  import: {
    nouns: { one: "customer", other: "customers" },
    fields: CUSTOMER_IMPORT_FIELDS,
    path: `${CUSTOMER.path}/import`,
    privilege: "customers_manage",
    matchBy: { field: "email", label: "Update customers with the same email" },
    repeated: { field: "email", label: "email" },
    list: CUSTOMER.path,
  },
};

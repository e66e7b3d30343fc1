import { namedScopedList } from "@/components/browse/common-filters";
import { createdSinceFilter } from "@/components/browse/created-since-filter";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { PhoneLink } from "@/components/detail/phone-text";
import { RelativeTime } from "@/components/detail/relative-time";
import { CUSTOMER_IMPORT_FIELDS } from "@/lib/import/customer-fields";
import { CUSTOMER_LIST } from "@/lib/schemas/lists";
import { CustomerTypeCell } from "./customer-type-cell";
import { CUSTOMER_CONTACT_FIELDS, type CustomerItem } from "./customer-item";
import { CUSTOMER, browseHeading, createAction } from "@/components/entities";

const SORT_KEYS: Record<string, string> = { name: "customer.sort.name", created: "customer.sort.created", updated: "customer.sort.updated" };

export const customerBrowse: BrowseConfig<CustomerItem> = {
  ...browseHeading(CUSTOMER),
  title: "customer.entity.other",
  section: "customer.entity.other",
  plural: "customer.entity.other",
  empty: "customer.entity.empty",
  create: { ...createAction(CUSTOMER), label: "customer.entity.new", first: "customer.entity.first" },
  list: CUSTOMER_LIST,
  ...namedScopedList,
  sorts: namedScopedList.sorts.map((sort) => ({ ...sort, label: SORT_KEYS[sort.value] ?? sort.label })),
  filters: [...namedScopedList.filters, createdSinceFilter],
  nameHeader: "customer.column.name",
  columns: [
    { header: "customer.column.type", cell: (item) => <CustomerTypeCell type={item.type} />, visibleFrom: "sm" },
    { header: "customer.column.phone", cell: (item) => item.phone && <PhoneLink phone={item.phone} />, visibleFrom: "md", belowName: true },
    { header: "customer.column.city", cell: (item) => item.city ?? "", visibleFrom: "md", belowName: true },
    { header: "customer.column.updated", cell: (item) => <RelativeTime date={item.updated} /> },
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

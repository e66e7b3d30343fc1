import type { DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { customerForm } from "./customer-form";
import type { CustomerItem } from "./customer-item";
import { CUSTOMER, detailHeading } from "@/components/entities";

export const customerDetail: DetailConfig<CustomerItem> = {
  ...detailHeading(CUSTOMER),
  section: "customer.entity.other",
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: [
    { label: "customer.tab.details", path: "" },
    { label: "customer.tab.history", path: "history" },
  ],
};

export const customerHistoryFields = historyFieldsOf(customerForm.update.fields);

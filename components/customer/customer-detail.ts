import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { customerForm } from "./customer-form";
import type { CustomerItem } from "./customer-item";

export const customerDetail: DetailConfig<CustomerItem> = {
  type: "customer",
  section: "Customers",
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
};

export const customerHistoryFields = historyFieldsOf(customerForm.update.fields);

import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { customerForm } from "./customer-form";
import type { CustomerItem } from "./customer-item";
import { CUSTOMER, detailHeading } from "@/components/entities";

export const customerDetail: DetailConfig<CustomerItem> = {
  ...detailHeading(CUSTOMER),
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
};

export const customerHistoryFields = historyFieldsOf(customerForm.update.fields);

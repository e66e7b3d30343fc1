import type { DetailConfig } from "@/components/detail/detail-config";
import type { OrganizationItem } from "./organization-item";
import { ORGANIZATION, detailHeading } from "@/components/entities";

export const organizationDetail: DetailConfig<OrganizationItem> = {
  ...detailHeading(ORGANIZATION),
  list: null,
  title: (item) => item.name,
  tabs: [
    { label: "organization.tab.profile", path: "" },
    { label: "businessDetails.tab", path: "business" },
    { label: "taxRate.tab", path: "tax_rates" },
    { label: "automaticMessages.tab", path: "automatic_messages" },
    { label: "organization.tab.payments", path: "payments" },
    { label: "organization.tab.integrations", path: "integrations" },
  ],
};

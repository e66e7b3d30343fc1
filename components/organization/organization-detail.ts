import type { DetailConfig } from "@/components/detail/detail-config";
import type { OrganizationItem } from "./organization-item";

export const organizationDetail: DetailConfig<OrganizationItem> = {
  type: "organization",
  section: "Organization",
  list: null,
  title: (item) => item.name,
  tabs: [
    { label: "Profile", path: "" },
    { label: "Integrations", path: "integrations" },
  ],
};

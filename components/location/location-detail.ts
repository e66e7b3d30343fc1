import type { DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { businessHistoryField } from "@/components/organization/business-summary";
import { locationForm } from "./location-form";
import type { LocationItem } from "./location-item";
import { LOCATION, detailHeading } from "@/components/entities";

export const locationDetail: DetailConfig<LocationItem> = {
  ...detailHeading(LOCATION),
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: [
    { label: "detail.tab.details", path: "" },
    { label: "businessDetails.tab", path: "business" },
    { label: "detail.tab.history", path: "history" },
  ],
  // A location is its own place for sharing (lib/entities/location.ts).
  place: (item) => item.id,
};

export const locationHistoryFields = { ...historyFieldsOf(locationForm.update.fields), business: businessHistoryField };

import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { locationForm } from "./location-form";
import type { LocationItem } from "./location-item";

export const locationDetail: DetailConfig<LocationItem> = {
  type: "location",
  section: "Locations",
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
};

export const locationHistoryFields = historyFieldsOf(locationForm.update.fields);

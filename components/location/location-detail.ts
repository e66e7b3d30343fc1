import { DETAILS_AND_HISTORY, type DetailConfig } from "@/components/detail/detail-config";
import { historyFieldsOf } from "@/components/form/history-fields";
import { locationForm } from "./location-form";
import type { LocationItem } from "./location-item";
import { LOCATION, detailHeading } from "@/components/entities";

export const locationDetail: DetailConfig<LocationItem> = {
  ...detailHeading(LOCATION),
  title: (item) => item.name,
  status: (item) => item.status,
  tabs: DETAILS_AND_HISTORY,
  // A location is its own place for sharing (lib/entities/location.ts).
  place: (item) => item.id,
};

export const locationHistoryFields = historyFieldsOf(locationForm.update.fields);

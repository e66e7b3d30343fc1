"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { locationHistoryFields } from "@/components/location/location-detail";

export default function LocationHistoryPage() {
  return <HistoryTab type="location" fields={locationHistoryFields} />;
}

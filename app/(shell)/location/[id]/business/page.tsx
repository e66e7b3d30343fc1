"use client";
import { LocationBusinessTab } from "@/components/location/location-business-tab";

export default function LocationBusinessPage() {
  return <LocationBusinessTab />;
}

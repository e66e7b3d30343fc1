"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { locationBrowse } from "@/components/location/location-browse";

export default function LocationListPage() {
  return <BrowseScreen config={locationBrowse} />;
}

"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { locationBrowse } from "@/components/location/location-browse";
import type { LocationItem } from "@/components/location/location-item";

/** The location list; `initial` is its first page when the server read it. */
export function LocationListScreen({ initial }: { initial?: ListPage<LocationItem> }) {
  return <BrowseScreen config={locationBrowse} initial={initial} />;
}

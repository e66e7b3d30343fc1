"use client";
import type { LocationItem } from "@/components/location/location-item";
import { useApi } from "@/lib/client/use-api";

// Sharing names locations of one organization; a few hundred at most, so one page holds them.
const QUERY = { sort: "name:asc", limit: 1000 };

/** Active locations to pick from, minus the given ids. */
export function useLocationOptions(exclude: string[]) {
  const { data } = useApi<{ items: LocationItem[] }>("/location", QUERY);
  return (data?.items ?? []).filter((item) => !exclude.includes(item.id)).map((item) => ({ value: item.id, label: item.name }));
}

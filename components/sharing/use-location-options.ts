"use client";
import { useApi } from "@/lib/client/use-api";

type LocationOption = { id: string; name: string };

// Sharing names locations of one organization; a few hundred at most, so one page holds them.
const QUERY = { sort: "name:asc", limit: 1000 };

/** Active locations to pick from, minus the given ids. */
export function useLocationOptions(exclude: string[]) {
  const { data } = useApi<{ items: LocationOption[] }>("/location", QUERY);
  return (data?.items ?? []).filter((item) => !exclude.includes(item.id)).map((item) => ({ value: item.id, label: item.name }));
}

"use client";
import type { SWRConfiguration } from "swr";
import type { Query } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import type { VisitPage } from "./visit-item";

/** A page of visits (GET /visit with the list's query), for the lists of visits around the app. */
export function useVisits(query: Query, config?: SWRConfiguration<VisitPage>) {
  return useApi<VisitPage>("/visit", query, config);
}

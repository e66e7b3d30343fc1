"use client";
import useSWR, { type SWRConfiguration } from "swr";
import { api, toSearch, type Query } from "./api";

/**
 * GET through SWR. The key is the path plus its query string, so every cached
 * answer for one resource shares the path prefix (used to invalidate after writes).
 * Pass null as path to skip the request.
 */
export function useApi<T>(path: string | null, query?: Query, config?: SWRConfiguration<T>) {
  const key = path === null ? null : `${path}${toSearch(query)}`;
  return useSWR<T>(key, () => api.get<T>(key!), config);
}

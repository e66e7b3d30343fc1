"use client";
import { usePathname, useRouter, useSearchParams } from "next/navigation";
import { useCallback, useMemo } from "react";
import { readListState, toApiQuery, writeListState, type ListState } from "./list-state";

/**
 * A list's state read from and written to the URL query (router.replace, so
 * filtering does not pile up history entries). Any change but paging starts
 * again at the first page.
 */
export function useListQuery(defaults: ListState) {
  const params = useSearchParams();
  const pathname = usePathname();
  const router = useRouter();
  const state = useMemo(() => readListState(new URLSearchParams(params.toString()), defaults), [params, defaults]);

  const update = useCallback(
    (patch: Partial<Omit<ListState, "filters">> & { filters?: Record<string, string[]> }) => {
      const next: ListState = {
        ...state,
        ...patch,
        filters: { ...state.filters, ...patch.filters },
        skip: patch.skip ?? 0,
      };
      const query = writeListState(next, defaults, new URLSearchParams(params.toString()));
      router.replace(query ? `${pathname}?${query}` : pathname, { scroll: false });
    },
    [state, defaults, params, pathname, router],
  );

  const apiQuery = useMemo(() => toApiQuery(state), [state]);
  return { state, update, apiQuery };
}

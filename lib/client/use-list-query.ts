"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback, useMemo, useState } from "react";
import { readListState, toApiQuery, writeListState, type ListState } from "./list-state";

export type ListPatch = Partial<Omit<ListState, "filters">> & { filters?: Record<string, string[]> };

/**
 * A list's state, read from and written to the URL query. Any change but paging
 * starts again at the first page.
 *
 * The URL is replaced through the History API, which the App Router follows
 * (usePathname/useSearchParams update) without asking the server for the page
 * again as router.replace would; no history entry piles up per keystroke either.
 * Until the URL has caught up, the new state is shown at once so controls answer
 * the click that changed them.
 */
export function useListQuery(defaults: ListState, adjust?: (next: ListState, before: ListState, defaults: ListState) => ListState) {
  const params = useSearchParams();
  const pathname = usePathname();
  const current = params.toString();
  const [local, setLocal] = useState<{ from: string; state: ListState } | null>(null);
  const fromUrl = useMemo(() => readListState(new URLSearchParams(current), defaults), [current, defaults]);
  const state = local && local.from === current ? local.state : fromUrl;

  const update = useCallback(
    (patch: ListPatch) => {
      const changed: ListState = { ...state, ...patch, filters: { ...state.filters, ...patch.filters }, skip: patch.skip ?? 0 };
      const next = adjust ? adjust(changed, state, defaults) : changed;
      const query = writeListState(next, defaults, new URLSearchParams(current));
      // Read back what the URL will say, so the shown state never differs from a reload of the link.
      setLocal({ from: current, state: readListState(new URLSearchParams(query), defaults) });
      window.history.replaceState(null, "", query ? `${pathname}?${query}` : pathname);
    },
    [state, defaults, current, pathname, adjust],
  );

  const apiQuery = useMemo(() => toApiQuery(state), [state]);
  // The list as first opened: nothing in the address changes it, and nothing has been changed here since.
  const atDefaults = writeListState(state, defaults, new URLSearchParams()) === "";
  return { state, update, apiQuery, atDefaults };
}

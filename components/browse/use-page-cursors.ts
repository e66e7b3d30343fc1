"use client";
import { useMemo } from "react";

/**
 * Where pages start, as the list itself said (`next`), for the pages reached by
 * Next: such a page is read by its cursor, which the database finds by index
 * however deep it is, instead of skipping every row before it. Pages reached any
 * other way (a link, Previous past the first one remembered) are read by skip.
 * A new search, filter or sort forgets them all.
 */
export function usePageCursors(scopeKey: string) {
  // Keyed by the scope on purpose: a new scope starts a new map.
  const bySkip = useMemo(() => new Map<number, string>(), [scopeKey]);
  return {
    at: (skip: number) => (skip > 0 ? bySkip.get(skip) : undefined),
    remember: (skip: number, cursor: string) => void bySkip.set(skip, cursor),
  };
}

"use client";
import { useDebouncedCallback } from "@mantine/hooks";
import { useRef, useState } from "react";
import { SEARCH_DEBOUNCE_MS } from "./search-box";

type Filters = Record<string, string[]>;

/**
 * Spec §9: filter input is debounced like search. Each choice shows at once;
 * the list hears of them together, 200 ms after the last, so several quick
 * clicks load the list once.
 */
export function usePendingFilters(values: Filters, commit: (changed: Filters) => void) {
  const [pending, setPending] = useState<Filters>({});
  const latest = useRef<Filters>({});
  const flush = useDebouncedCallback(() => {
    const changed = latest.current;
    latest.current = {};
    setPending({});
    commit(changed);
  }, SEARCH_DEBOUNCE_MS);

  const change = (key: string, next: string[]) => {
    latest.current = { ...latest.current, [key]: next };
    setPending(latest.current);
    flush();
  };
  return { shown: { ...values, ...pending }, change };
}

"use client";
import { useState } from "react";

/**
 * Selected row ids. Selection survives paging but not a new search, filter or
 * sort (`scope`), where the rows it named may no longer be in the list.
 */
export function useSelection(scope: string) {
  const [state, setState] = useState<{ scope: string; ids: string[] }>({ scope, ids: [] });
  const ids = state.scope === scope ? state.ids : [];

  const set = (changed: string[], selected: boolean) =>
    setState({
      scope,
      ids: selected ? [...new Set([...ids, ...changed])] : ids.filter((id) => !changed.includes(id)),
    });

  return {
    ids,
    has: (id: string) => ids.includes(id),
    set,
    clear: () => setState({ scope, ids: [] }),
  };
}

import { listQueryDefaults, type ListOptions } from "@/lib/schemas/lists";
import type { Query } from "./api";

/** What a list screen shows; it lives in the URL query so a copied link reproduces the view. */
export type ListState = {
  search: string;
  /** `field:asc` or `field:desc`. */
  sort: string;
  skip: number;
  limit: number;
  /** Filter values by query key (status, sharing, ...); single-choice filters hold one value. */
  filters: Record<string, string[]>;
};

/**
 * The defaults are the list's options, which its query schema is built from, so
 * the screen and the server cannot disagree about them.
 */
export function listDefaults(options: ListOptions, filterKeys: string[]): ListState {
  const { filters, sort, limit } = listQueryDefaults(options);
  return {
    search: "",
    sort,
    skip: 0,
    limit,
    filters: Object.fromEntries(filterKeys.map((key) => [key, [...(filters[key] ?? [])]])),
  };
}

function whole(text: string | null, min: number): number | undefined {
  if (text === null || !/^\d+$/.test(text)) return undefined;
  const value = Number(text);
  return value >= min ? value : undefined;
}

export function readListState(params: URLSearchParams, defaults: ListState): ListState {
  const filters: Record<string, string[]> = {};
  for (const [key, fallback] of Object.entries(defaults.filters)) {
    const values = params.getAll(key).filter(Boolean);
    filters[key] = values.length ? values : fallback;
  }
  const limit = whole(params.get("limit"), 1) ?? defaults.limit;
  // `page` counts pages of `limit` rows from 0, as the list endpoints do (spec §2, §5); `skip` says it in rows.
  const page = whole(params.get("page"), 0);
  return {
    search: params.get("search") ?? "",
    sort: params.get("sort") || defaults.sort,
    skip: whole(params.get("skip"), 0) ?? (page !== undefined ? page * limit : 0),
    limit,
    filters,
  };
}

const sameSet = (a: string[], b: string[]) => a.length === b.length && a.every((value) => b.includes(value));

/** The URL query for a state: defaults are left out, keys the list does not own are kept. */
export function writeListState(state: ListState, defaults: ListState, current: URLSearchParams): string {
  const params = new URLSearchParams(current);
  for (const key of ["search", "sort", "skip", "page", "limit", ...Object.keys(defaults.filters)]) params.delete(key);
  if (state.search.trim()) params.set("search", state.search.trim());
  if (state.sort !== defaults.sort) params.set("sort", state.sort);
  if (state.skip > 0 && state.skip % state.limit === 0) params.set("page", String(state.skip / state.limit));
  else if (state.skip > 0) params.set("skip", String(state.skip));
  if (state.limit !== defaults.limit) params.set("limit", String(state.limit));
  for (const [key, values] of Object.entries(state.filters)) {
    const fallback = defaults.filters[key] ?? [];
    if (values.length && !sameSet(values, fallback)) for (const value of values) params.append(key, value);
  }
  return params.toString();
}

/** The list endpoint's query for a state, every value explicit. */
export function toApiQuery(state: ListState): Query {
  return {
    search: state.search.trim() || undefined,
    sort: state.sort,
    skip: state.skip,
    limit: state.limit,
    ...state.filters,
  };
}

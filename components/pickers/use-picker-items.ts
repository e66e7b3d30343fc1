"use client";
import type { BrowseConfig, ListPage, Option } from "@/components/browse/browse-config";
import { useLocale } from "next-intl";
import { useApi } from "@/lib/client/use-api";

const PICKER_LIMIT = 50;

/** A fixed choice (privileges): searched and sorted in the browser. */
export type PickerOption = { id: string; name: string; description?: string };

/** Where a picker's items come from: an entity's list API, or a fixed set of options. */
export type PickerSource<Item extends { id: string }> = { config: BrowseConfig<Item> } | { options: PickerOption[] };

export type PickerQuery = { search: string; sort: string; status: string };

export type PickerItems = {
  items: PickerOption[] | undefined;
  error: unknown;
  sorts: Option[];
  /** Fixed options have no active/removed states. */
  statuses: boolean;
};

const NAME_ONLY: Option[] = [{ value: "name", label: "browse.sort.name" }];

/** Names in the order of the page's language (Ä with A in German, accents after the bare letter in French). */
function localItems(options: PickerOption[], { search, sort }: PickerQuery, locale: string) {
  const needle = search.trim().toLocaleLowerCase(locale);
  const found = options.filter((option) => `${option.name} ${option.description ?? ""}`.toLocaleLowerCase(locale).includes(needle));
  const collator = new Intl.Collator(locale, { sensitivity: "base", numeric: true });
  const sorted = [...found].sort((a, b) => collator.compare(a.name, b.name));
  return sort.endsWith(":desc") ? sorted.reverse() : sorted;
}

export function usePickerItems<Item extends { id: string }>(source: PickerSource<Item>, query: PickerQuery, opened: boolean): PickerItems {
  const locale = useLocale();
  const config = "config" in source ? source.config : null;
  const { data, error } = useApi<ListPage<Item>>(opened && config ? `/${config.type}` : null, { ...query, limit: PICKER_LIMIT });
  if (!config) {
    const { options } = source as { options: PickerOption[] };
    return { items: localItems(options, query, locale), error: undefined, sorts: NAME_ONLY, statuses: false };
  }
  return {
    items: data?.items.map((item) => ({ id: item.id, name: config.name(item) })),
    error,
    sorts: config.sorts,
    statuses: true,
  };
}

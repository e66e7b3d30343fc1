"use client";
import { MultiSelect } from "@mantine/core";
import { useDebouncedValue } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useLabel } from "@/components/shell/use-label";
import { useApi } from "@/lib/client/use-api";
import type { BrowseConfig, ListPage } from "./browse-config";
import { useItemsById } from "./items-by-id";
import { SEARCH_DEBOUNCE_MS } from "./search-box";

const FOUND_LIMIT = 20;

/** What the picker needs of an entity's list: its API path and its items' names. */
export type ItemSource<Item extends { id: string }> = Pick<BrowseConfig<Item>, "type" | "name">;

export type ItemMultiSelectProps<Item extends { id: string }> = {
  config: ItemSource<Item>;
  label: string;
  value: string[];
  onChange: (ids: string[]) => void;
};

/**
 * Items of an entity chosen by typing: the list API searches, the chosen ones
 * keep their names. Its dropdown stays inside the surrounding popover, so
 * picking does not count as a click outside it.
 */
export function ItemMultiSelect<Item extends { id: string }>({ config, label, value, onChange }: ItemMultiSelectProps<Item>) {
  const t = useTranslations();
  const text = useLabel();
  const [search, setSearch] = useState("");
  const [debounced] = useDebouncedValue(search.trim(), SEARCH_DEBOUNCE_MS);
  // The last answer stays while the next search runs, so the options do not flash away under the pointer.
  const found = useApi<ListPage<Item>>(`/${config.type}`, { search: debounced || undefined, limit: FOUND_LIMIT }, { keepPreviousData: true });
  const chosen = useItemsById<Item>(config.type, value);
  const option = (item: Item) => ({ value: item.id, label: config.name(item) });
  const data = [
    ...value.map((id) => (chosen.get(id) ? option(chosen.get(id)!) : { value: id, label: "…" })),
    ...(found.data?.items ?? []).filter((item) => !value.includes(item.id)).map(option),
  ];
  return (
    <MultiSelect
      aria-label={text(label)}
      placeholder={value.length ? undefined : t("common.search")}
      data={data}
      value={value}
      onChange={onChange}
      searchable
      searchValue={search}
      onSearchChange={setSearch}
      // The server has searched already; the dropdown shows what it answered.
      filter={({ options }) => options}
      nothingFoundMessage={found.data ? t("common.noResults") : t("common.loading")}
      comboboxProps={{ withinPortal: false }}
      clearable
    />
  );
}

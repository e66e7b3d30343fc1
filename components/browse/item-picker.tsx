"use client";
import type { FilterConfig } from "./browse-config";
import type { ItemMultiSelectProps, ItemSource } from "./item-multi-select";
import { lazyComponent } from "@/lib/client/lazy-component";

/** An item a picker names: what every named entity's list answers. */
export type NamedItem = { id: string; name: string };

// The picker (Mantine's MultiSelect and its combobox) is fetched when the filter popover first opens.
const ItemMultiSelect = lazyComponent<ItemMultiSelectProps<NamedItem>>(() =>
  import("./item-multi-select").then((module) => module.ItemMultiSelect<NamedItem>),
);

/** A filter whose values are items of an entity, chosen by typing their names (owner, customer, role). */
export function itemFilter(key: string, label: string, source: ItemSource<NamedItem>): FilterConfig {
  return {
    key,
    label,
    kind: "custom",
    preload: ItemMultiSelect.preload,
    render: ({ value, onChange }) => <ItemMultiSelect config={source} label={label} value={value} onChange={onChange} />,
  };
}

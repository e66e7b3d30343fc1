"use client";
import { Group } from "@mantine/core";
import type { ImportConfig } from "@/components/import/import-config";
import type { ListState } from "@/lib/client/list-state";
import type { ListPatch } from "@/lib/client/use-list-query";
import type { Option } from "./browse-config";
import { FilterPopover, type ShownFilter } from "./filter-popover";
import { MoreActionsMenu } from "./more-actions-menu";
import { SearchBox } from "./search-box";
import { usePendingFilters } from "./use-pending-filters";
import { SortPopover } from "./sort-popover";

type Props = {
  state: ListState;
  defaults: ListState;
  filters: ShownFilter[];
  sorts: Option[];
  update: (patch: ListPatch) => void;
  exporting: boolean;
  onExport: () => void;
  importer?: ImportConfig;
};

export function BrowseToolbar({ state, defaults, filters, sorts, update, exporting, onExport, importer }: Props) {
  const pendingFilters = usePendingFilters(state.filters, (changed) => update({ filters: changed }));
  return (
    <Group gap="xs" wrap="wrap">
      <SearchBox value={state.search} onSearch={(search) => update({ search })} />
      <FilterPopover filters={filters} values={pendingFilters.shown} defaults={defaults.filters} onChange={pendingFilters.change} />
      <SortPopover sorts={sorts} value={state.sort} onChange={(sort) => update({ sort })} />
      <Group ml="auto">
        <MoreActionsMenu exporting={exporting} onExport={onExport} importer={importer} />
      </Group>
    </Group>
  );
}

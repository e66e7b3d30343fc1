import { SHARING_FILTERS } from "@/lib/schemas/lists";
import type { FilterConfig, Option } from "./browse-config";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, " ");

/** Catalogue keys of the statuses the shared filters offer. */
const STATUS_LABELS: Record<string, string> = {
  active: "browse.filter.statusActive",
  removed: "browse.filter.statusRemoved",
};

/** Options with readable labels (or catalogue keys) for a schema's enum values. */
export const optionsOf = (values: readonly string[], labels: Record<string, string> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? capitalize(value) }));

export const statusFilter = (statuses: readonly string[]): FilterConfig => ({
  key: "status",
  label: "browse.filter.status",
  kind: "multi",
  options: optionsOf(statuses, STATUS_LABELS),
});

const SHARING_FILTER_LABELS: Record<string, string> = {
  include: "browse.filter.sharingInclude",
  exclude: "browse.filter.sharingExclude",
  shared_only: "browse.filter.sharingSharedOnly",
  ignore: "browse.filter.sharingIgnore",
};

/** The sharing filter; `ignore` is offered only at organization level, where the server allows it. */
export const sharingFilter: FilterConfig = {
  key: "sharing",
  label: "browse.filter.sharing",
  kind: "single",
  options: (session) =>
    optionsOf(
      SHARING_FILTERS.filter((value) => value !== "ignore" || session.location === null),
      SHARING_FILTER_LABELS,
    ),
};

/** A yes-or-no filter that is off by default: `true` or `false` once chosen. */
export const yesNoFilter = (key: string, label: string, yes: string, no: string): FilterConfig => ({
  key,
  label,
  kind: "single",
  options: [
    { value: "true", label: yes },
    { value: "false", label: no },
  ],
});

/** The sorts of every list whose items have a name; labels are catalogue keys. */
export const NAME_SORTS = [
  { value: "name", label: "browse.sort.name" },
  { value: "created", label: "browse.sort.created" },
  { value: "updated", label: "browse.sort.updated" },
];

type NamedScopedItem = { name: string; status: string; location: string | null };

/** What every list of named, located, shareable items shares: status and sharing filters, name sorts, badges. */
export const namedScopedList = {
  filters: [statusFilter(["active", "removed"]), sharingFilter],
  sorts: NAME_SORTS,
  name: (item: NamedScopedItem) => item.name,
  status: (item: NamedScopedItem) => item.status,
  location: (item: NamedScopedItem) => item.location,
};

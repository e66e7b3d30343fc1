import { SHARING_FILTERS } from "@/lib/schemas/lists";
import type { FilterConfig, Option } from "./browse-config";

const capitalize = (text: string) => text.charAt(0).toUpperCase() + text.slice(1).replace(/_/g, " ");

/** Options with readable labels for a schema's enum values. */
export const optionsOf = (values: readonly string[], labels: Record<string, string> = {}): Option[] =>
  values.map((value) => ({ value, label: labels[value] ?? capitalize(value) }));

export const statusFilter = (statuses: readonly string[]): FilterConfig => ({
  key: "status",
  label: "Status",
  kind: "multi",
  options: optionsOf(statuses),
});

const SHARING_FILTER_LABELS: Record<string, string> = {
  include: "Own and shared",
  exclude: "Own only",
  shared_only: "Shared with this location",
  ignore: "Everything",
};

/** The sharing filter; `ignore` is offered only at organization level, where the server allows it. */
export const sharingFilter: FilterConfig = {
  key: "sharing",
  label: "Sharing",
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

/** The sorts of every list whose items have a name. */
export const NAME_SORTS = [
  { value: "name", label: "Name" },
  { value: "created", label: "Created" },
  { value: "updated", label: "Updated" },
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

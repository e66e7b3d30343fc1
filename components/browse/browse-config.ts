import type { Icon } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ImportConfig } from "@/components/import/import-config";
import type { CsvCell } from "@/lib/client/csv";
import type { Privilege } from "@/lib/schemas/constants";
import type { ListOptions } from "@/lib/schemas/lists";
import type { ListState } from "@/lib/client/list-state";
import type { SessionView } from "@/lib/client/use-session";

export type Option = { value: string; label: string };

/** What a custom filter draws with: its values, every filter's values (filters may depend on each other), a setter. */
export type FilterRenderProps = { value: string[]; values: Record<string, string[]>; onChange: (values: string[]) => void };

/** A filter in the filter popover; `key` is its query parameter, defaults come from the list's options. */
export type FilterConfig = {
  key: string;
  label: string;
  /** Hide the filter where it means nothing, e.g. sharing at organization level. */
  visible?: (session: SessionView) => boolean;
  /** Offer the filter only while the other filters' values allow it: a custom field's once one type is chosen. */
  shownWith?: (values: Record<string, string[]>) => boolean;
} & (
  | {
      /** multi: any number of values (status); single: exactly one (sharing). */
      kind: "multi" | "single";
      options: Option[] | ((session: SessionView) => Option[]);
    }
  /**
   * Values chosen some other way: among loaded items, in a picker. `preload` fetches the
   * code `render` draws with, which the popover awaits before it opens.
   */
  | { kind: "custom"; render: (props: FilterRenderProps) => ReactNode; preload?: () => Promise<unknown> }
);

export type Breakpoint = "xs" | "sm" | "md" | "lg";

export type ColumnConfig<Item> = {
  header: string;
  cell: (item: Item) => ReactNode;
  /** Hidden on narrow screens when set. */
  visibleFrom?: Breakpoint;
  /**
   * Where the column is hidden, its cell shows on a line below the name instead, so a
   * phone keeps what matters most of a row (a customer's number to call and city).
   */
  belowName?: boolean;
};

export type CsvColumn<Item> = { header: string; value: (item: Item) => CsvCell };

/** An action on the selected rows, beside Export selected; the list reloads and the selection clears once it is done. */
export type BulkAction = { label: string; icon?: ReactNode; run: (ids: string[]) => Promise<void> };

/** Everything a list screen needs to know about one entity; the screen itself is shared. */
export type BrowseConfig<Item extends { id: string }> = {
  /** API path and route segment: /api/api/{type} and /{type}/{id}. */
  type: string;
  title: string;
  /** Breadcrumb label after Home. */
  section: string;
  /** What the list holds and its icon, for the empty list of a new organization ("No customers yet"). */
  plural?: string;
  /** What that empty list says, when not "No {plural} yet": a catalogue key ("Noch keine Kunden"). */
  empty?: string;
  icon?: Icon;
  /** The New … button; absent for entities created elsewhere (conversations). */
  create?: { label: string; privilege?: Privilege; /** The same action in an empty list: "Create the first customer". */ first: string };
  /** What the list filters and sorts by (lib/schemas/lists.ts), as its query schema is built from; defaults are read from it. */
  list: ListOptions;
  filters: FilterConfig[];
  sorts: Option[];
  /** Sorts the current filters add (a chosen project type's custom fields); a hook, called on every render of the list. */
  useMoreSorts?: (filters: Record<string, string[]>) => Option[];
  /**
   * The list's next state after a change, given the one before: filters and sorts that
   * depend on another filter (a type's custom fields) are dropped when it changes.
   */
  adjust?: (next: ListState, before: ListState, defaults: ListState) => ListState;
  /** The first column: the item's name, linked, with its status and scope. */
  name: (item: Item) => string;
  /** Drawn before the name: an avatar, an icon. */
  leading?: (item: Item) => ReactNode;
  /** Header of that column; "Name" unless given. */
  nameHeader?: string;
  status?: (item: Item) => string;
  /** The item's location id (null = organization level); a badge shows when it is not the session's. */
  location?: (item: Item) => string | null;
  columns: ColumnConfig<Item>[];
  csv: CsvColumn<Item>[];
  /** Rows per CSV export (spec §9: 10000, locations 100). */
  exportLimit: number;
  /** Actions on the selected rows (conversations: Mark as read). */
  bulk?: BulkAction[];
  /** More actions → Import; the CSV export's headers are the fields' labels, so an export imports back. */
  import?: ImportConfig;
};

/** `next` reads the following page from where this one ends (the list's `after`). */
export type ListPage<Item> = { items: Item[]; more: boolean; next?: string };

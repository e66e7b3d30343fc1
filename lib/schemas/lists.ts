// What each list filters and sorts by, and its defaults. No zod here: list screens read
// their defaults from these (lib/client/list-state.ts) and the list query schemas are
// built from them (list-query.ts), so the two cannot disagree and a list's first load
// does not carry the validation library.

export const SHARING_FILTERS = ["include", "exclude", "shared_only", "ignore"] as const;
export type SharingFilter = (typeof SHARING_FILTERS)[number];
/** Rows of the session's location and those shared with it. */
export const DEFAULT_SHARING: SharingFilter = "include";

export const DEFAULT_LIMIT = 50;
export const MAX_LIMIT = 10000;
/** The longest search a list takes; the search box holds no more. */
export const MAX_SEARCH_LENGTH = 200;

export const STATUS_ACTIVE_REMOVED = ["active", "removed"] as const;

export const CONVERSATION_STATUSES = ["active", "closed", "removed"] as const;
export type ConversationStatus = (typeof CONVERSATION_STATUSES)[number];

export type ListOptions<Status extends string = string, Sort extends string = string> = {
  statuses: readonly [Status, ...Status[]];
  defaultStatus: readonly Status[];
  sorts: readonly [Sort, ...Sort[]];
  defaultSort: Sort;
  /** Newest or largest first unless the list says otherwise. */
  defaultDirection?: "asc" | "desc";
  /** Defaults of the filters an entity adds to the common ones, as query values. */
  filterDefaults?: Readonly<Record<string, readonly string[]>>;
};

const NAMED_ITEM_SORTS = ["created", "updated", "name"] as const;

const activeNamedItems = {
  statuses: STATUS_ACTIVE_REMOVED,
  defaultStatus: ["active"],
  sorts: NAMED_ITEM_SORTS,
  defaultSort: "created",
} as const satisfies ListOptions;

export const CUSTOMER_LIST = activeNamedItems;
export const LOCATION_LIST = activeNamedItems;
export const MEMBER_LIST = activeNamedItems;
export const ROLE_LIST = activeNamedItems;
export const PROJECT_TYPE_LIST = activeNamedItems;

/** What belongs to a customer (its sites, its contacts): the first made first, as the first site is a new project's. */
export const CUSTOMER_PART_LIST = { ...activeNamedItems, defaultDirection: "asc" } as const satisfies ListOptions;

export const PROJECT_LIST = {
  statuses: STATUS_ACTIVE_REMOVED,
  // A project's status is a status id of its type, and there is no default filter.
  defaultStatus: [],
  // "name" is the generic browse sort; for projects it means the title.
  sorts: ["created", "updated", "title", "name"],
  defaultSort: "created",
} as const satisfies ListOptions;

/** Latest activity first: a thread with a new reply comes to the top. */
export const CONVERSATION_LIST = {
  statuses: CONVERSATION_STATUSES,
  defaultStatus: ["active", "closed"],
  sorts: ["last_message", "created", "updated", "name", "unread"],
  defaultSort: "last_message",
} as const satisfies ListOptions;

/** Files have no status or sharing; `removed` filters instead (spec §5). */
export const FILE_LIST = {
  statuses: STATUS_ACTIVE_REMOVED,
  defaultStatus: ["active"],
  sorts: ["created", "size", "name"],
  defaultSort: "created",
  filterDefaults: { removed: ["false"] },
} as const satisfies ListOptions;

/** A list's query when nothing is asked: each filter's values (absent when it has none), the sort and the page size. */
export function listQueryDefaults(options: ListOptions) {
  const filters: Record<string, readonly string[]> = {
    status: options.defaultStatus,
    sharing: [DEFAULT_SHARING],
    ...options.filterDefaults,
  };
  return { filters, sort: `${options.defaultSort}:${options.defaultDirection ?? "desc"}`, limit: DEFAULT_LIMIT };
}

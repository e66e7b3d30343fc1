import type { ReactNode } from "react";
import type { SessionView } from "@/lib/client/use-session";

/** A tab is a route below the item: "" for Details, "history" for History; `label` may be a catalogue key. */
export type DetailTab = { label: string; path: string };

/** What the detail layout needs to know about one entity. */
export type DetailConfig<Item> = {
  /** API path and route segment: /api/api/{type}/{id} and /{type}/{id}. */
  type: string;
  /** Label of the list, for the breadcrumb and the back link. */
  section: string;
  /** Where the list lives; `/{type}` unless given, null for an item without a list (the organization, one's own settings). */
  list?: string | null;
  title: (item: Item) => string;
  status?: (item: Item) => string;
  /** Extra header content (reference badges, action menus). */
  aside?: (item: Item) => ReactNode;
  tabs: DetailTab[];
  /** The title row stays below the top bar on a phone while the tab scrolls (a conversation's thread, which opens at its end). */
  stickyHeader?: boolean;
  /**
   * Where the item lives for sharing when it is not `item.location` (a location is
   * its own place). Items without `sharing` are not shared between locations.
   */
  place?: (item: Item) => string | null;
  /** Items that are the session's own, which it may change whatever their sharing says (one's own member record). */
  own?: (item: Item, session: SessionView) => boolean;
};

/** The tabs of an item with nothing special to show beyond its fields. */
export const DETAILS_AND_HISTORY: DetailTab[] = [
  { label: "detail.tab.details", path: "" },
  { label: "detail.tab.history", path: "history" },
];

"use client";
import type { Icon } from "@tabler/icons-react";
import { CUSTOMER, FILE, LOCATION, MEMBER, PROJECT, PROJECT_TYPE, ROLE, type Entity } from "@/components/entities";
import type { CustomerItem } from "@/components/customer/customer-item";
import type { FileItem } from "@/components/file/file-item";
import type { LocationItem } from "@/components/location/location-item";
import type { MemberItem } from "@/components/member/member-item";
import type { ProjectTypeItem } from "@/components/project-type/project-type-item";
import type { ProjectItem } from "@/components/project/project-item";
import type { RoleItem } from "@/components/role/role-item";
import useSWR from "swr";
import { api } from "@/lib/client/api";

/** A record found: how it reads and where it leads. */
export type Hit = { id: string; label: string; href: string };

/**
 * Records Quick action searches by name. Each entity adds one entry: the list
 * endpoint it queries with `search`, and how one of its items reads.
 */
export type RecordSource = {
  /** The entity's type, which names the group in the page's language. */
  type: string;
  group: string;
  icon: Icon;
  search: (query: string) => Promise<Hit[]>;
};

/** Hits per source: enough to jump, few enough to scan. */
const RECORD_LIMIT = 5;

/** A source for an entity's list; `label` reads the item as its list answers it, so a renamed field fails here. */
const recordSource = <Item extends { id: string }>(of: Entity, label: (item: Item) => string): RecordSource => ({
  type: of.type,
  group: of.plural,
  icon: of.icon,
  search: async (query) => {
    const { items } = await api.get<{ items: Item[] }>(of.path, { search: query, limit: RECORD_LIMIT });
    return items.map((item) => ({ id: item.id, label: label(item), href: `${of.path}/${item.id}` }));
  },
});

export const RECORD_SOURCES: RecordSource[] = [
  recordSource<LocationItem>(LOCATION, (item) => item.name),
  recordSource<CustomerItem>(CUSTOMER, (item) => item.name),
  recordSource<ProjectItem>(PROJECT, (item) => item.title),
  recordSource<ProjectTypeItem>(PROJECT_TYPE, (item) => item.name),
  recordSource<MemberItem>(MEMBER, (item) => item.name),
  recordSource<RoleItem>(ROLE, (item) => item.name),
  recordSource<FileItem>(FILE, (item) => item.name),
];

export type RecordGroup = { source: RecordSource; items: Hit[] };

/** Every source searched at once; a source that fails (e.g. no access) simply has no hits. */
export function useRecordSearch(query: string) {
  return useSWR<RecordGroup[]>(query ? ["quick-action", query] : null, async () => {
    const answers = await Promise.allSettled(RECORD_SOURCES.map((source) => source.search(query)));
    return RECORD_SOURCES.map((source, index) => {
      const answer = answers[index];
      return { source, items: answer?.status === "fulfilled" ? answer.value : [] };
    });
  });
}

"use client";
import type { Icon } from "@tabler/icons-react";
import { CUSTOMER, FILE, LOCATION, MEMBER, PROJECT, PROJECT_TYPE, ROLE, type Entity } from "@/components/entities";
import useSWR from "swr";
import { api } from "@/lib/client/api";

type Hit = { id: string } & Record<string, unknown>;

/**
 * Records Quick action searches by name. Each entity adds one entry: the list
 * endpoint it queries with `search`, how a hit reads, and where it leads.
 */
export type RecordSource = {
  group: string;
  path: string;
  icon: Icon;
  label: (item: Hit) => string;
  href: (item: Hit) => string;
};

/** A source for an entity's list; a hit reads as its `name` field unless told. */
const recordSource = (of: Entity, field = "name"): RecordSource => ({
  group: of.plural,
  path: of.path,
  icon: of.icon,
  label: (item) => String(item[field] ?? ""),
  href: (item) => `${of.path}/${item.id}`,
});

export const RECORD_SOURCES: RecordSource[] = [
  recordSource(LOCATION),
  recordSource(CUSTOMER),
  recordSource(PROJECT, "title"),
  recordSource(PROJECT_TYPE),
  recordSource(MEMBER),
  recordSource(ROLE),
  recordSource(FILE),
];

/** Hits per source: enough to jump, few enough to scan. */
const RECORD_LIMIT = 5;

export type RecordGroup = { source: RecordSource; items: Hit[] };

/** Every source searched at once; a source that fails (e.g. no access) simply has no hits. */
export function useRecordSearch(query: string) {
  return useSWR<RecordGroup[]>(query ? ["quick-action", query] : null, async () => {
    const answers = await Promise.allSettled(
      RECORD_SOURCES.map((source) => api.get<{ items: Hit[] }>(source.path, { search: query, limit: RECORD_LIMIT })),
    );
    return RECORD_SOURCES.map((source, index) => {
      const answer = answers[index];
      return { source, items: answer?.status === "fulfilled" ? answer.value.items : [] };
    });
  });
}

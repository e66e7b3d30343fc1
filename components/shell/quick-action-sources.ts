"use client";
import { IconCategory, IconFolder, IconMapPin, IconShield, IconUser, IconUsers, type Icon } from "@tabler/icons-react";
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

export const RECORD_SOURCES: RecordSource[] = [
  {
    group: "Locations",
    path: "/location",
    icon: IconMapPin,
    label: (item) => String(item.name ?? ""),
    href: (item) => `/location/${item.id}`,
  },
  {
    group: "Customers",
    path: "/customer",
    icon: IconUsers,
    label: (item) => String(item.name ?? ""),
    href: (item) => `/customer/${item.id}`,
  },
  {
    group: "Projects",
    path: "/project",
    icon: IconFolder,
    label: (item) => String(item.title ?? ""),
    href: (item) => `/project/${item.id}`,
  },
  {
    group: "Project types",
    path: "/project_type",
    icon: IconCategory,
    label: (item) => String(item.name ?? ""),
    href: (item) => `/project_type/${item.id}`,
  },
  {
    group: "Members",
    path: "/member",
    icon: IconUser,
    label: (item) => String(item.name ?? ""),
    href: (item) => `/member/${item.id}`,
  },
  {
    group: "Roles",
    path: "/role",
    icon: IconShield,
    label: (item) => String(item.name ?? ""),
    href: (item) => `/role/${item.id}`,
  },
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

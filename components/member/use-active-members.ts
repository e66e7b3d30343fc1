"use client";
import type { SWRConfiguration } from "swr";
import type { ListPage } from "@/components/browse/browse-config";
import { useApi } from "@/lib/client/use-api";
import { ACTIVE_MEMBERS_PATH } from "./active-members";
import type { MemberItem } from "./member-item";

/** The active members of the session's location (everyone at organization level), by name: who may be assigned work. */
export function useActiveMembers(config?: SWRConfiguration<ListPage<MemberItem>>) {
  return useApi<ListPage<MemberItem>>(ACTIVE_MEMBERS_PATH, undefined, { revalidateOnFocus: false, ...config });
}

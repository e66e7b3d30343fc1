"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { useApi } from "@/lib/client/use-api";
import type { MemberItem } from "./member-item";

const LIMIT = 500;

/** The active members of the session's location (everyone at organization level), by name: who may be assigned work. */
export function useActiveMembers() {
  return useApi<ListPage<MemberItem>>("/member", { status: "active", sort: "name:asc", limit: LIMIT }, { revalidateOnFocus: false });
}

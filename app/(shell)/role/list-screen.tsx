"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { roleBrowse } from "@/components/role/role-browse";
import type { RoleItem } from "@/components/role/role-item";

/** The role list; `initial` is its first page when the server read it. */
export function RoleListScreen({ initial }: { initial?: ListPage<RoleItem> }) {
  return <BrowseScreen config={roleBrowse} initial={initial} />;
}

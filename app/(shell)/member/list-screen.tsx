"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { memberBrowse } from "@/components/member/member-browse";
import type { MemberItem } from "@/components/member/member-item";

/** The member list; `initial` is its first page when the server read it. */
export function MemberListScreen({ initial }: { initial?: ListPage<MemberItem> }) {
  return <BrowseScreen config={memberBrowse} initial={initial} />;
}

"use client";
import { useMemo } from "react";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { useDetail } from "@/components/detail/detail-context";
import { memberBrowse, roleFilter } from "@/components/member/member-browse";
import { MEMBER_LIST } from "@/lib/schemas/lists";
import type { RoleItem } from "./role-item";

// Members by role show removed ones too (spec §9).
const roleMembers = {
  ...memberBrowse,
  create: undefined,
  // The role is fixed by the screen.
  filters: memberBrowse.filters.filter((filter) => filter !== roleFilter),
  list: { ...MEMBER_LIST, defaultStatus: MEMBER_LIST.statuses },
};

/** The members holding a role, as the members list filtered by it. */
export function RoleMembers() {
  const { item } = useDetail<RoleItem>();
  const fixed = useMemo(() => ({ role: item.id }), [item.id]);
  return <BrowseScreen config={roleMembers} fixed={fixed} embedded />;
}

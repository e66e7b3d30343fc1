"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { memberBrowse } from "@/components/member/member-browse";

export default function MemberListPage() {
  return <BrowseScreen config={memberBrowse} />;
}

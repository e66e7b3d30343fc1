"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { roleBrowse } from "@/components/role/role-browse";

export default function RoleListPage() {
  return <BrowseScreen config={roleBrowse} />;
}

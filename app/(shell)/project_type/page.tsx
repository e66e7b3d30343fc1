"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { projectTypeBrowse } from "@/components/project-type/project-type-browse";

export default function ProjectTypeListPage() {
  return <BrowseScreen config={projectTypeBrowse} />;
}

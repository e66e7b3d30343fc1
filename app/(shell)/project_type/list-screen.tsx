"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { projectTypeBrowse } from "@/components/project-type/project-type-browse";
import type { ProjectTypeItem } from "@/components/project-type/project-type-item";

/** The project type list; `initial` is its first page when the server read it. */
export function ProjectTypeListScreen({ initial }: { initial?: ListPage<ProjectTypeItem> }) {
  return <BrowseScreen config={projectTypeBrowse} initial={initial} />;
}

"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { projectBrowse } from "@/components/project/project-browse";
import type { ProjectItem } from "@/components/project/project-item";

/** The project list; `initial` is its first page when the server read it. */
export function ProjectListScreen({ initial }: { initial?: ListPage<ProjectItem> }) {
  return <BrowseScreen config={projectBrowse} initial={initial} />;
}

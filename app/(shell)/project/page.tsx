"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { projectBrowse } from "@/components/project/project-browse";

export default function ProjectListPage() {
  return <BrowseScreen config={projectBrowse} />;
}

"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { fileBrowse } from "@/components/file/file-browse";
import { FileListTop } from "@/components/file/file-list-top";
import type { FileItem } from "@/components/file/file-item";

/** The file list; `initial` is its first page when the server read it. */
export function FileListScreen({ initial }: { initial?: ListPage<FileItem> }) {
  return <BrowseScreen config={fileBrowse} above={<FileListTop />} initial={initial} />;
}

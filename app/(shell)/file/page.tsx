"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { fileBrowse } from "@/components/file/file-browse";
import { FileListTop } from "@/components/file/file-list-top";

export default function FileListPage() {
  return <BrowseScreen config={fileBrowse} above={<FileListTop />} />;
}

"use client";
import { FileDropzone } from "./file-dropzone";
import { StorageBar } from "./storage-bar";

/** What the file list shows above its toolbar: how much is stored, and where new files go. */
export function FileListTop() {
  return (
    <>
      <StorageBar />
      <FileDropzone />
    </>
  );
}

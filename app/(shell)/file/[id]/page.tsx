"use client";
import { FileDetails } from "@/components/file/file-details";

export default function FileDetailsPage() {
  return <FileDetails />;
}

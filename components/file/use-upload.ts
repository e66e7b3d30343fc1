"use client";
import { useCallback, useRef, useState } from "react";
import { invalidate } from "@/lib/client/invalidate";
import { sendFile, uploadError } from "./send-file";
import { FILE_STATS_PATH } from "./file-item";

export type Upload = {
  key: number;
  name: string;
  size: number;
  /** Bytes sent so far. */
  loaded: number;
  state: "waiting" | "uploading" | "done" | "failed";
  error?: string;
};

/** Files sent at once; the rest wait their turn, so a big drop does not open dozens of requests. */
const PARALLEL = 3;

/**
 * Uploads files with their progress. Once a batch has finished, the file list
 * and the storage bar are asked again, so they show what was added.
 */
export function useUpload() {
  const [uploads, setUploads] = useState<Upload[]>([]);
  const nextKey = useRef(1);

  const change = useCallback((key: number, patch: Partial<Upload>) => {
    setUploads((current) => current.map((upload) => (upload.key === key ? { ...upload, ...patch } : upload)));
  }, []);

  const uploadOne = useCallback(
    async (file: File, key: number) => {
      change(key, { state: "uploading" });
      try {
        await sendFile(file, (loaded) => change(key, { loaded: Math.min(loaded, file.size) }));
        change(key, { state: "done", loaded: file.size });
        return true;
      } catch (error) {
        change(key, { state: "failed", error: uploadError(error) });
        return false;
      }
    },
    [change],
  );

  const upload = useCallback(
    async (files: File[]) => {
      if (files.length === 0) return;
      const batch = files.map((file) => ({ file, key: nextKey.current++ }));
      setUploads((current) => [
        ...batch.map(({ file, key }): Upload => ({ key, name: file.name, size: file.size, loaded: 0, state: "waiting" })),
        ...current,
      ]);
      const queue = [...batch];
      const worker = async () => {
        let succeeded = false;
        for (let next = queue.shift(); next; next = queue.shift()) succeeded = (await uploadOne(next.file, next.key)) || succeeded;
        return succeeded;
      };
      const results = await Promise.all(Array.from({ length: Math.min(PARALLEL, batch.length) }, worker));
      if (results.some(Boolean)) await invalidate("/file", FILE_STATS_PATH, "/history");
    },
    [uploadOne],
  );

  const dismiss = useCallback((key: number) => setUploads((current) => current.filter((upload) => upload.key !== key)), []);
  const clearFinished = useCallback(() => setUploads((current) => current.filter((upload) => upload.state === "waiting" || upload.state === "uploading")), []);

  return { uploads, upload, dismiss, clearFinished };
}

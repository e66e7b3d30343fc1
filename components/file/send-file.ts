import { mutate } from "swr";
import { API_BASE, ApiRequestError, NetworkError, SESSION_KEY, type ApiErrorBody } from "@/lib/client/api";
import { multipart } from "@/lib/client/multipart";
import { translate } from "@/lib/client/translate";
import type { FileItem } from "./file-item";

/**
 * POST /file with the upload's progress, which fetch cannot report: the same
 * request the API client makes (credentials, multipart field `file`; the
 * browser adds the same-origin Origin the API wants), over XMLHttpRequest.
 * Failures throw what the API client throws, so the error catalogue applies.
 */
export function sendFile(file: File, onProgress: (loaded: number) => void): Promise<FileItem> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open("POST", `${API_BASE}/file`);
    xhr.withCredentials = true;
    xhr.upload.onprogress = (event) => onProgress(event.loaded);
    xhr.onerror = () => reject(new NetworkError(translate("file.upload.unreachable")));
    xhr.onabort = () => reject(new NetworkError(translate("file.upload.interrupted")));
    xhr.onload = () => {
      let data: unknown;
      try {
        data = xhr.responseText ? JSON.parse(xhr.responseText) : undefined;
      } catch {
        data = undefined;
      }
      if (xhr.status >= 200 && xhr.status < 300) return resolve(data as FileItem);
      // A session that ended elsewhere: let the gate show the login screen, as the API client does.
      if (xhr.status === 401) void mutate(SESSION_KEY);
      const body = data as Partial<ApiErrorBody> | undefined;
      reject(new ApiRequestError({ ...body, status: xhr.status, message: body?.message ?? (xhr.statusText || translate("file.upload.failed")) }));
    };
    xhr.send(multipart({ file }));
  });
}

/** What a failed upload says beside its file: the server's own words where it gave any. */
export function uploadError(error: unknown): string {
  if (error instanceof ApiRequestError) {
    const details = (error.body.errors ?? []).map((issue) => issue.message).join(", ");
    return details || error.message;
  }
  if (error instanceof Error) return error.message;
  return translate("file.upload.failed");
}

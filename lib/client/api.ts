/** The one typed client for /api/api. Non-ok answers throw the parsed error body. */
import { mutate } from "swr";
import { multipart, type MultipartValues } from "./multipart";
import { pageLocale } from "./translate";

export const API_BASE = "/api/api";
export const SESSION_KEY = "/session";

export type ApiErrorBody = {
  status: number;
  message: string;
  errors?: { path: string; message: string }[];
  permission?: string;
  resource?: string;
  details?: string;
};

export class ApiRequestError extends Error {
  constructor(readonly body: ApiErrorBody) {
    super(body.message);
  }
  get status() {
    return this.body.status;
  }
}

/** A failure with no HTTP answer at all (server down, network gone). */
export class NetworkError extends Error {}

export type Query = Record<string, string | number | boolean | null | undefined | (string | number)[]>;

/** Where the browser loads a stored file (images inline, the rest as downloads). */
export const fileUrl = (id: string) => `${API_BASE}/file/${id}/download`;

export function toSearch(query?: Query): string {
  if (!query) return "";
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null || value === "") continue;
    for (const item of Array.isArray(value) ? value : [value]) params.append(key, String(item));
  }
  const text = params.toString();
  return text ? `?${text}` : "";
}

async function request<T>(method: string, path: string, body?: unknown, query?: Query): Promise<T> {
  let res: Response;
  try {
    res = await fetch(`${API_BASE}${path}${toSearch(query)}`, {
      method,
      credentials: "include",
      // The server words its errors in the page's language; FormData sets its own multipart boundary.
      headers: {
        "Accept-Language": pageLocale(),
        ...(body === undefined || body instanceof FormData ? {} : { "Content-Type": "application/json" }),
      },
      body: body === undefined || body instanceof FormData ? body : JSON.stringify(body),
    });
  } catch (error) {
    throw new NetworkError(error instanceof Error ? error.message : "Network error");
  }
  const text = res.status === 204 ? "" : await res.text();
  let data: unknown;
  try {
    data = text ? JSON.parse(text) : undefined;
  } catch {
    data = undefined;
  }
  if (!res.ok) {
    const parsed = data as Partial<ApiErrorBody> | undefined;
    // A session that ended elsewhere (logout, removal): let the gate show the login screen.
    if (res.status === 401 && path !== SESSION_KEY) void mutate(SESSION_KEY);
    throw new ApiRequestError({ ...parsed, status: res.status, message: parsed?.message ?? res.statusText });
  }
  return data as T;
}

export const api = {
  /** `path` may already carry its query string. */
  get: <T>(path: string, query?: Query) => request<T>("GET", path, undefined, query),
  post: <T>(path: string, body?: unknown) => request<T>("POST", path, body ?? {}),
  patch: <T>(path: string, body: unknown) => request<T>("PATCH", path, body),
  /** Multipart POST (e.g. /file with the field "file"), built by `multipart`. */
  upload: <T>(path: string, values: MultipartValues) => request<T>("POST", path, multipart(values)),
  delete: <T = void>(path: string) => request<T>("DELETE", path),
};

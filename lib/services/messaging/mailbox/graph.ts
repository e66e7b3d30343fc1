import "server-only";
import { readBody } from "@/lib/server/body";
import { ApiError } from "@/lib/server/errors";
import { ProviderError, ProviderThrottled, retryAfter } from "./provider";

// Microsoft Graph over fetch: one request with the mailbox's bearer token, its
// answer read with a byte bound, and Graph's errors turned into ones the sync
// and send jobs can act on (throttling is retried later, the rest is reported).

/** Graph's base, version included; the tests point it at a local fake. */
export const graphUrl = () => (process.env.MICROSOFT_GRAPH_URL || "https://graph.microsoft.com/v1.0").replace(/\/+$/, "");

const TIMEOUT_MS = 30_000;
const ERROR_MAX_BYTES = 64 * 1024;
/** Graph refuses request bodies over 4 MB (larger attachments need an upload session). */
export const GRAPH_REQUEST_MAX_BYTES = 4 * 1024 * 1024;

/** Graph's errors are the providers' shared ones, under the names its callers know. */
export { ProviderError as GraphError, ProviderThrottled as GraphThrottled };

/**
 * The absolute address of a Graph path, or of a link Graph handed out (nextLink,
 * deltaLink), refusing any other origin: the bearer token goes only to Graph.
 */
export function graphAddress(pathOrLink: string): string {
  const base = graphUrl();
  if (!/^https?:\/\//i.test(pathOrLink)) return `${base}${pathOrLink}`;
  if (new URL(pathOrLink).origin !== new URL(base).origin) throw new ProviderError(0, "foreignLink", "A link outside Microsoft Graph was not followed");
  return pathOrLink;
}

async function failure(res: Response): Promise<ProviderError> {
  let code = `http${res.status}`;
  let message = res.statusText || `HTTP ${res.status}`;
  try {
    const body = JSON.parse(Buffer.from(await readBody(res, ERROR_MAX_BYTES)).toString("utf8")) as { error?: { code?: string; message?: string } };
    code = body.error?.code || code;
    message = body.error?.message || message;
  } catch {
    // Not JSON: the status says enough.
  }
  const text = `Microsoft Graph: ${message}`.slice(0, 500);
  if (res.status === 429 || res.status === 503) return new ProviderThrottled(res.status, code, text, retryAfter(res.headers.get("retry-after")));
  return new ProviderError(res.status, code, text);
}

export type GraphRequest = { method?: string; headers?: Record<string, string>; body?: string; maxBytes: number };

/** One Graph request; resolves with the body's bytes (empty for 202/204). */
export async function graphRequest(accessToken: string, pathOrLink: string, request: GraphRequest): Promise<Buffer> {
  const res = await fetch(graphAddress(pathOrLink), {
    method: request.method ?? "GET",
    headers: { Authorization: `Bearer ${accessToken}`, Accept: "application/json", ...request.headers },
    body: request.body,
    redirect: "error",
    signal: AbortSignal.timeout(TIMEOUT_MS),
  });
  if (!res.ok) throw await failure(res);
  try {
    // At most maxBytes: a longer answer is an error rather than memory spent.
    const bytes = await readBody(res, request.maxBytes);
    return Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  } catch (error) {
    if (!(error instanceof ApiError && error.status === 413)) throw error;
    throw new ProviderError(res.status, "responseTooLarge", `Microsoft Graph answered more than ${Math.round(request.maxBytes / 1024)} KB`);
  }
}

export async function graphJson<T>(accessToken: string, pathOrLink: string, request: GraphRequest): Promise<T> {
  const bytes = await graphRequest(accessToken, pathOrLink, request);
  return JSON.parse(bytes.toString("utf8")) as T;
}

import crypto from "node:crypto";
import { PEER_HEADER } from "@/lib/server/request-info";

export const ORIGIN = "http://localhost:3000";

type RouteHandler = (req: Request, args: { params: Promise<Record<string, string>> }) => Promise<Response>;

type CallOptions = {
  query?: Record<string, string | string[]>;
  body?: unknown;
  params?: Record<string, string>;
  cookie?: string;
  origin?: string | null;
  headers?: Record<string, string>;
  ip?: string;
  /** Skips the check against the API document, for answers a test provokes outside it (a handler called with a forged path). */
  undocumented?: boolean;
};

export type ApiResponse = { status: number; body: any; headers: Headers; cookie?: string };

export const randomIp = () => `10.${crypto.randomInt(256)}.${crypto.randomInt(256)}.${crypto.randomInt(1, 255)}`;
export const uniqueEmail = (prefix = "user") => `${prefix}-${crypto.randomUUID().slice(0, 8)}@example.test`;

/** Calls an exported route handler the way Next.js would, with a real Request. */
export async function call(handler: RouteHandler, method: string, path: string, options: CallOptions = {}) {
  const url = new URL(`/api/api${path}`, ORIGIN);
  for (const [key, value] of Object.entries(options.query ?? {})) {
    for (const item of Array.isArray(value) ? value : [value]) url.searchParams.append(key, item);
  }
  const headers = new Headers(options.headers);
  // What the server stamps on each request: the connection's peer address.
  headers.set(PEER_HEADER, options.ip ?? randomIp());
  if (options.origin !== null && method !== "GET") headers.set("origin", options.origin ?? ORIGIN);
  if (options.cookie) headers.set("cookie", options.cookie);
  let body: string | FormData | Uint8Array<ArrayBuffer> | undefined;
  if (options.body instanceof FormData || options.body instanceof Uint8Array) {
    // Bytes go as they are, as they would come off the socket.
    body = options.body as FormData | Uint8Array<ArrayBuffer>;
  } else if (options.body !== undefined) {
    body = typeof options.body === "string" ? options.body : JSON.stringify(options.body);
    if (!headers.has("content-type")) headers.set("content-type", "application/json");
  }
  const res = await handler(new Request(url, { method, headers, body }), {
    params: Promise.resolve(options.params ?? {}),
  });
  const isJson = res.headers.get("content-type")?.includes("application/json");
  const text = isJson || !res.headers.get("content-type") ? await res.text() : "";
  const setCookie = res.headers.get("set-cookie") ?? undefined;
  const answer = {
    status: res.status,
    body: text ? JSON.parse(text) : undefined,
    headers: res.headers,
    cookie: setCookie?.split(";")[0],
  } satisfies ApiResponse;
  if (!options.undocumented) await expectAsDocumented(handler, method, path, answer);
  return answer;
}

/** Every answer of a known route must be one the OpenAPI document describes (test/documented.ts). */
async function expectAsDocumented(handler: RouteHandler, method: string, path: string, answer: ApiResponse) {
  const { endpointOf, undocumented } = await import("./documented");
  const endpoint = await endpointOf(handler, method, path);
  if (!endpoint) return;
  const problems = undocumented(endpoint, answer);
  if (problems.length > 0) throw new Error(`Answer not as the API document says:\n${problems.join("\n")}`);
}

/** Every item of a list, page after page by the cursors it answers, `limit` to a page. */
export async function everyPage<Item>(handler: RouteHandler, path: string, cookie: string, query: Record<string, string>, limit = "3") {
  const items: Item[] = [];
  let after: string | undefined;
  do {
    const res = await call(handler, "GET", path, { cookie, query: { ...query, limit, ...(after && { after }) } });
    if (res.status !== 200) throw new Error(`GET ${path}: ${res.status} ${JSON.stringify(res.body)}`);
    items.push(...(res.body.items as Item[]));
    after = res.body.next;
  } while (after);
  return items;
}

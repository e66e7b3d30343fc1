import "server-only";
import { randomUUID } from "node:crypto";
import { log } from "./log";

export const REQUEST_ID_HEADER = "X-Request-Id";

/** A proxy's id is kept when it is a plain token; anything else could forge or break log lines. */
const SANE_ID = /^[A-Za-z0-9._:-]{8,128}$/;

export function requestIdOf(req: Request): string {
  const given = req.headers.get(REQUEST_ID_HEADER);
  return given && SANE_ID.test(given) ? given : randomUUID();
}

/** Path segments that are credentials (an inbound address's token, a signed link) are logged by name. */
const SECRET_PARAM = /token|code|secret/i;

/** A segment as a URL spells it; a value no URL can hold (a lone surrogate) as it is. */
function encodedSegment(value: string): string {
  try {
    return encodeURIComponent(value);
  } catch {
    return value;
  }
}

function loggedPath(url: URL, params: Record<string, string>): string {
  let path = url.pathname;
  for (const [name, value] of Object.entries(params)) {
    if (SECRET_PARAM.test(name) && value) path = path.split("/").map((segment) => (segment === encodedSegment(value) || segment === value ? `[${name}]` : segment)).join("/");
  }
  return path;
}

type Finished = {
  req: Request;
  requestId: string;
  params: Record<string, string>;
  status: number;
  started: number;
  memberId?: string;
  /** An error the kernel could not map to an API error: the 500's cause. */
  error?: unknown;
};

/** One line per API request: never its body, its cookies or its query's values. */
export function logRequest({ req, requestId, params, status, started, memberId, error }: Finished): void {
  const url = new URL(req.url);
  const query = [...new Set(url.searchParams.keys())];
  const line = {
    requestId,
    method: req.method,
    path: loggedPath(url, params),
    ...(query.length > 0 ? { query } : {}),
    status,
    ms: Math.round((performance.now() - started) * 10) / 10,
    ...(memberId ? { memberId } : {}),
    ...(error !== undefined ? { err: error } : {}),
  };
  if (error !== undefined) log().error(line, "request failed");
  else log().info(line, "request");
}

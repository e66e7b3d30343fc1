/** Facts about the incoming request that depend on proxies in front of the app. */

/**
 * Set by the server on every request to the address of the connection's peer
 * (instrumentation.ts), overwriting whatever a client sent under that name.
 */
export const PEER_HEADER = "x-craftdesk-peer";

/** How many reverse proxies in front of the app append to X-Forwarded-For (`TRUST_PROXY`). */
export function trustedProxies(): number {
  const hops = Number(process.env.TRUST_PROXY || 0);
  return Number.isInteger(hops) && hops > 0 ? hops : 0;
}

function firstHeader(req: Request, name: string): string | undefined {
  return req.headers.get(name)?.split(",")[0]?.trim() || undefined;
}

export function requestOrigin(req: Request): string {
  if (process.env.APP_URL) return new URL(process.env.APP_URL).origin;
  const url = new URL(req.url);
  // Forwarded protocol and host are a client's claim unless a trusted proxy set them.
  const trusted = trustedProxies() > 0;
  const proto = (trusted && firstHeader(req, "x-forwarded-proto")) || url.protocol.replace(":", "");
  const host = (trusted && firstHeader(req, "x-forwarded-host")) || req.headers.get("host") || url.host;
  return `${proto}://${host}`;
}

export function isHttps(req: Request): boolean {
  return requestOrigin(req).startsWith("https:");
}

/**
 * The client address for rate limits: the connection's peer; behind N trusted
 * proxies, the N-th X-Forwarded-For entry from the right (each proxy appends the
 * address it received the request from, so entries further left are whatever the
 * client claimed).
 */
export function clientAddress(req: Request): string {
  const peer = req.headers.get(PEER_HEADER) || "unknown";
  const hops = trustedProxies();
  if (hops === 0) return peer;
  const forwarded = (req.headers.get("x-forwarded-for") ?? "")
    .split(",")
    .map((entry) => entry.trim())
    .filter(Boolean);
  const chain = [...forwarded, peer];
  return chain[chain.length - 1 - hops] ?? chain[0];
}

/** Facts about the incoming request that depend on proxies in front of the app. */

function firstHeader(req: Request, name: string): string | undefined {
  return req.headers.get(name)?.split(",")[0]?.trim() || undefined;
}

export function requestOrigin(req: Request): string {
  if (process.env.APP_URL) return new URL(process.env.APP_URL).origin;
  const url = new URL(req.url);
  const proto = firstHeader(req, "x-forwarded-proto") ?? url.protocol.replace(":", "");
  const host = firstHeader(req, "x-forwarded-host") ?? req.headers.get("host") ?? url.host;
  return `${proto}://${host}`;
}

export function isHttps(req: Request): boolean {
  return requestOrigin(req).startsWith("https:");
}

/**
 * The client address. The right-most X-Forwarded-For entry is the one added by
 * the nearest proxy (or by the Next.js server itself); entries further left are
 * whatever the client claimed.
 */
export function clientAddress(req: Request): string {
  const forwarded = req.headers.get("x-forwarded-for");
  const last = forwarded?.split(",").pop()?.trim();
  return last || req.headers.get("x-real-ip") || "unknown";
}

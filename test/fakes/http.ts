/**
 * What the fake providers (google.ts, microsoft.ts) share: reading a bounded
 * body, answering JSON, reading the headers of the MIME the app sends, and the
 * control calls every fake answers alike. Node built-ins only, like the fakes.
 */
import crypto from "node:crypto";
import type { IncomingMessage, Server, ServerResponse } from "node:http";
import type { Server as HttpsServer } from "node:https";
import type { AddressInfo } from "node:net";

export const randomId = (bytes = 24) => crypto.randomBytes(bytes).toString("base64url");
export const s256 = (verifier: string) => crypto.createHash("sha256").update(verifier).digest("base64url");
export const addresses = (value: string | undefined) => (value?.match(/[^\s<>,"]+@[^\s<>,"]+/g) ?? []).map((address) => address.toLowerCase());

/** The request's body; past `max` bytes the request is dropped, as a provider refuses an oversized upload. */
export function readBody(req: IncomingMessage, max: number): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on("data", (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) {
        reject(new Error("body too large"));
        req.destroy();
        return;
      }
      chunks.push(chunk);
    });
    req.on("end", () => resolve(Buffer.concat(chunks)));
    req.on("error", reject);
  });
}

export function json(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  res.writeHead(status, { "Content-Type": "application/json; charset=UTF-8", ...headers });
  res.end(JSON.stringify(body));
}

/** Header lines unfolded (the first of a repeated name wins), up to the blank line; and the rest. */
export function splitMime(raw: string) {
  const at = raw.search(/\r?\n\r?\n/);
  const head = (at < 0 ? raw : raw.slice(0, at)).replace(/\r?\n[ \t]+/g, " ");
  const headers = new Map<string, string>();
  for (const line of head.split(/\r?\n/)) {
    const colon = line.indexOf(":");
    const name = line.slice(0, colon).trim().toLowerCase();
    if (colon > 0 && !headers.has(name)) headers.set(name, line.slice(colon + 1).trim());
  }
  const body = at < 0 ? "" : raw.slice(at).replace(/^\r?\n\r?\n/, "");
  return { headers, body };
}

/** What every fake's state holds for the control calls below. */
type ControlState = { sent: unknown[]; revoked: string[]; invalidated: boolean; throttle: number };

/**
 * The control calls both fakes answer the same way: GET /__fake/sent and
 * /__fake/revoked, POST /__fake/invalidate and /__fake/throttle. False when the
 * call is another one, left to the fake.
 */
export function commonControl(route: string, req: IncomingMessage, res: ServerResponse, state: ControlState): boolean {
  if (req.method === "GET" && route === "/__fake/sent") json(res, 200, state.sent);
  else if (req.method === "GET" && route === "/__fake/revoked") json(res, 200, state.revoked);
  else if (req.method === "POST" && route === "/__fake/invalidate") {
    state.invalidated = true;
    json(res, 200, { ok: true });
  } else if (req.method === "POST" && route === "/__fake/throttle") {
    state.throttle += 1;
    json(res, 200, { ok: true });
  } else return false;
  return true;
}

/** Listens on loopback; the port it got, and a close that also ends open keep-alive connections. */
export async function listen(server: Server | HttpsServer, port: number): Promise<{ port: number; close(): Promise<void> }> {
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows an authorization URL at a fake as a browser would: the redirect back carries code, state and scope. */
export async function consent(authorizationUrl: string): Promise<URL> {
  const res = await fetch(authorizationUrl, { redirect: "manual" });
  const location = res.headers.get("location");
  if (res.status !== 302 || !location) throw new Error(`authorize answered ${res.status}: ${await res.text()}`);
  return new URL(location);
}

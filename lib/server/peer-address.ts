import type { IncomingMessage } from "node:http";
import http from "node:http";
import { PEER_HEADER } from "./request-info";

/**
 * Route handlers see a web Request without its socket, and Next.js keeps an
 * X-Forwarded-For the client sent. So every incoming request is stamped here
 * with its connection's peer address, replacing any value a client supplied.
 */
export function stampPeerAddresses(): void {
  const marker = Symbol.for("craftdesk.peerAddress");
  const proto = http.Server.prototype as typeof http.Server.prototype & { [marker]?: true };
  if (proto[marker]) return;
  proto[marker] = true;
  const emit = proto.emit;
  proto.emit = function (this: http.Server, event: string | symbol, ...args: unknown[]) {
    if (event === "request") {
      const req = args[0] as IncomingMessage;
      req.headers[PEER_HEADER] = req.socket?.remoteAddress ?? "";
    }
    return Reflect.apply(emit, this, [event, ...args]) as boolean;
  } as typeof proto.emit;
}

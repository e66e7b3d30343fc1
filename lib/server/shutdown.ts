import "server-only";
import { subscribe } from "node:diagnostics_channel";
import type { Server } from "node:http";
import { closeDb } from "@/db/client";
import { log } from "./log";

/*
 * Graceful stop on SIGTERM / SIGINT: the HTTP server stops accepting connections
 * and finishes the requests under way, the background jobs finish what they run
 * (closeDb stops them first), the database closes, and the process exits 0.
 * Next.js's own handler would exit as soon as the server has closed, so the
 * launchers set NEXT_MANUAL_SIG_HANDLE=1 (scripts/start.mjs, the Dockerfile) and
 * instrumentation.ts installs this one.
 */

const TIMEOUT_MS = Number(process.env.SHUTDOWN_TIMEOUT_MS || 25_000);

type State = { servers: Set<Server>; watching?: boolean; handling?: boolean; stopping?: Promise<void> };
// On globalThis: Next.js may load this module more than once per process.
const holder = globalThis as unknown as { __craftdeskShutdown?: State };
const state: State = (holder.__craftdeskShutdown ??= { servers: new Set() });

/** Next.js does not hand out its server: it is picked up from its first request. */
function watchServers(): void {
  if (state.watching) return;
  state.watching = true;
  subscribe("http.server.request.start", (message) => {
    state.servers.add((message as { server: Server }).server);
  });
}

/** Installs the SIGTERM / SIGINT handlers once per process. */
export function handleShutdownSignals(exit: (code: number) => void = (code) => process.exit(code)): void {
  watchServers();
  if (state.handling) return;
  state.handling = true;
  for (const signal of ["SIGTERM", "SIGINT"] as const) process.on(signal, () => void shutdown(signal, exit));
}

function closeServer(server: Server): Promise<void> {
  return new Promise((resolve) => {
    server.close(() => resolve());
    // Keep-alive connections left idle by a request that finishes after close() must not hold it open.
    const idle = setInterval(() => server.closeIdleConnections(), 100);
    server.once("close", () => clearInterval(idle));
    server.closeIdleConnections();
  });
}

/** Stops the process gracefully; a second signal while stopping changes nothing. */
export function shutdown(signal: string, exit: (code: number) => void): Promise<void> {
  state.stopping ??= (async () => {
    log().info({ signal }, "shutting down: finishing requests and jobs");
    const timer = setTimeout(() => {
      log().error(`shutdown took longer than ${TIMEOUT_MS} ms: exiting now`);
      exit(1);
    }, TIMEOUT_MS);
    timer.unref();
    try {
      await Promise.all([...state.servers].map(closeServer));
      await closeDb();
    } catch (error) {
      log().error({ err: error }, "shutdown failed");
      clearTimeout(timer);
      exit(1);
      return;
    }
    clearTimeout(timer);
    log().info("stopped");
    exit(0);
  })();
  return state.stopping;
}

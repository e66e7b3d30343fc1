import { expect } from "vitest";
import { GET as getSession } from "@/app/api/api/session/route";
import { call } from "./api";
import { mainThreadCpuMs } from "./cpu-time";

const PAUSE_MS = 10;

/**
 * Runs `attack` and, while it is in flight, keeps asking `GET /session` through the
 * real route: while any one of those waits for its answer, the process may spend at
 * most `budgetMs` of the main thread's CPU, which fails when the attack blocks the event
 * loop (the whole process) instead of its own request. CPU time, not the clock: a busy
 * machine delays the answers without the attack holding them. The main thread's alone:
 * work done in a parse worker holds no request.
 */
export async function expectResponsiveDuring<T>(attack: () => Promise<T>, budgetMs = 200): Promise<T> {
  await call(getSession, "GET", "/session"); // warm: the first call opens the database
  let settled = false;
  const slowest: number[] = [];
  const probes = (async () => {
    do {
      // Timed from before the pause, so a loop blocked during the pause counts too.
      const started = mainThreadCpuMs();
      await new Promise((resolve) => setTimeout(resolve, PAUSE_MS));
      const res = await call(getSession, "GET", "/session");
      slowest.push(mainThreadCpuMs() - started);
      expect(res.status).toBe(401);
    } while (!settled);
  })();
  try {
    return await attack();
  } finally {
    settled = true;
    await probes;
    expect(Math.max(...slowest), `GET /session waited behind ${Math.round(Math.max(...slowest))} ms of CPU during the attack`).toBeLessThan(budgetMs);
  }
}

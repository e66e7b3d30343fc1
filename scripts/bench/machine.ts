// How much of the machine other work took while a case ran: CPU time of every process
// that is not this benchmark (this process, the server it started, PostgreSQL), from /proc.
import fs from "node:fs";
import os from "node:os";

const TICKS_PER_SECOND = 100;

type Proc = { pid: number; pgrp: number; comm: string; ticks: number };

function readProcs(): Proc[] {
  let entries: string[];
  try {
    entries = fs.readdirSync("/proc").filter((name) => /^\d+$/.test(name));
  } catch {
    return [];
  }
  const procs: Proc[] = [];
  for (const pid of entries) {
    try {
      const stat = fs.readFileSync(`/proc/${pid}/stat`, "utf8");
      // pid (comm) state ppid pgrp ... field 14 utime, 15 stime
      const close = stat.lastIndexOf(")");
      const comm = stat.slice(stat.indexOf("(") + 1, close);
      const rest = stat.slice(close + 2).split(" ");
      procs.push({ pid: Number(pid), pgrp: Number(rest[2]), comm, ticks: Number(rest[11]) + Number(rest[12]) });
    } catch {
      // exited while listing
    }
  }
  return procs;
}

export type CpuSnapshot = { at: number; ticks: Map<number, number> };

/** CPU ticks of the processes that are not part of the benchmark. */
export function snapshot(serverGroup: number | undefined): CpuSnapshot {
  const ticks = new Map<number, number>();
  for (const proc of readProcs()) {
    const own = proc.pid === process.pid || proc.pgrp === serverGroup || proc.comm === "postgres";
    if (!own) ticks.set(proc.pid, proc.ticks);
  }
  return { at: performance.now(), ticks };
}

/**
 * Share of all cores that other processes used between two snapshots (0 to 1). Processes
 * that started in between count in full; ones that ended in between are missed.
 */
export function otherShare(before: CpuSnapshot, after: CpuSnapshot) {
  let ticks = 0;
  for (const [pid, now] of after.ticks) ticks += now - (before.ticks.get(pid) ?? 0);
  const seconds = (after.at - before.at) / 1000;
  return ticks / TICKS_PER_SECOND / seconds / os.availableParallelism();
}

/** Waits (up to `maxSeconds`) until other work takes less than `limit` of the machine over a short sample. */
export async function waitForQuiet(serverGroup: number | undefined, limit: number, maxSeconds: number) {
  const deadline = performance.now() + maxSeconds * 1000;
  let share = 1;
  let announced = false;
  while (performance.now() < deadline) {
    const before = snapshot(serverGroup);
    await new Promise((resolve) => setTimeout(resolve, 2000));
    share = otherShare(before, snapshot(serverGroup));
    if (share < limit) return share;
    if (!announced) {
      console.log(`  other work is using ${(share * 100).toFixed(0)} % of the CPUs; waiting up to ${maxSeconds} s for it to settle`);
      announced = true;
    }
  }
  return share;
}

/** CPU ticks of each process given, and of each process of one group. */
function ticksOf(group: number | undefined, pids: number[]): Map<number, number> {
  const wanted = new Set(pids);
  const ticks = new Map<number, number>();
  for (const proc of readProcs()) if (proc.pgrp === group || wanted.has(proc.pid)) ticks.set(proc.pid, proc.ticks);
  return ticks;
}

/**
 * The server's own CPU time across a measurement: `next start`'s processes (its group) and
 * the PostgreSQL backends serving its pool, found by the application name its connections
 * carry. The backends are listed again at the end: one the pool opened in between counts
 * in full.
 */
export async function serverCpu(group: number | undefined, backends: () => Promise<number[]>): Promise<() => Promise<ServerCpu>> {
  if (group === undefined) return async () => ({ totalMs: NaN, databaseMs: NaN });
  const before = ticksOf(group, await backends());
  return async () => {
    const database = new Set(await backends());
    const after = ticksOf(group, [...database]);
    let ticks = 0;
    let databaseTicks = 0;
    for (const [pid, now] of after) {
      const spent = now - (before.get(pid) ?? 0);
      ticks += spent;
      if (database.has(pid)) databaseTicks += spent;
    }
    return { totalMs: (ticks * 1000) / TICKS_PER_SECOND, databaseMs: (databaseTicks * 1000) / TICKS_PER_SECOND };
  };
}

/** CPU time across a measurement: the server's in all, and the PostgreSQL backends' part of it. */
export type ServerCpu = { totalMs: number; databaseMs: number };

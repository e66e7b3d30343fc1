import fs from "node:fs";

/**
 * Milliseconds of CPU this process has spent, all its threads together. Tests that
 * bound the work a hostile input costs compare this, not the clock: a busy machine
 * (other test processes, a slow day) stretches the clock but not the work done.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

const mainThread = `/proc/self/task/${process.pid}`;

/**
 * Milliseconds of CPU the main thread alone has spent: the event loop's own work,
 * without the parse workers' (lib/server/parse-pool.ts), which cpuMs counts too.
 * Linux tells it per thread: in nanoseconds (schedstat), else in clock ticks of
 * 10 ms (stat's utime and stime). Elsewhere the whole process's time stands in.
 */
export function mainThreadCpuMs(): number {
  try {
    return Number(fs.readFileSync(`${mainThread}/schedstat`, "utf8").split(" ")[0]) / 1e6;
  } catch {
    try {
      const stat = fs.readFileSync(`${mainThread}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return (Number(fields[11]) + Number(fields[12])) * 10;
    } catch {
      return cpuMs();
    }
  }
}

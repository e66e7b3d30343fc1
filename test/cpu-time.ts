/**
 * Milliseconds of CPU this process has spent, all its threads together. Tests that
 * bound the work a hostile input costs compare this, not the clock: a busy machine
 * (other test processes, a slow day) stretches the clock but not the work done.
 */
export function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

/**
 * "Now" for the code whose behaviour depends on the time of day (automatic
 * messages: when a reminder is due, whether it is quiet hours). Tests set it to
 * walk through a day; everywhere else it is the system clock. Kept on globalThis,
 * as the jobs are, so every copy of the module in a process reads the same one.
 */
const holder = globalThis as unknown as { __craftdeskClock?: () => Date };

export const now = (): Date => holder.__craftdeskClock?.() ?? new Date();

/** Sets the clock to a fixed instant (or a function of the real one); undefined restores the system clock. */
export function setClock(at: Date | (() => Date) | undefined): void {
  if (at === undefined) delete holder.__craftdeskClock;
  else if (at instanceof Date) {
    const fixed = new Date(at);
    holder.__craftdeskClock = () => new Date(fixed);
  } else holder.__craftdeskClock = at;
}

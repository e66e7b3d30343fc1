import type { VisitStatus } from "@/components/visit/visit-item";

/** The step a technician takes next from each status, in the order a visit goes. */
export const NEXT_STEPS: Record<VisitStatus, VisitStatus[]> = {
  scheduled: ["on_the_way", "in_progress"],
  on_the_way: ["in_progress"],
  in_progress: ["completed"],
  completed: [],
  cancelled: [],
};

/** The button that takes a visit to each status a technician sets, and the toast once it has. */
export const STEPS: Partial<Record<VisitStatus, { label: string; done: string }>> = {
  on_the_way: { label: "myDay.step.on_the_way", done: "myDay.stepped.on_the_way" },
  in_progress: { label: "myDay.step.in_progress", done: "myDay.stepped.in_progress" },
  completed: { label: "myDay.step.completed", done: "myDay.stepped.completed" },
};

/**
 * The time on site a completed visit records by default: from Start (the status it leaves,
 * in progress since its status last changed) to `now`, rounded to 5 minutes, at least 5;
 * none for a visit not in progress.
 */
export function minutesOnSite(visit: { status: VisitStatus; status_changed: string }, now: Date): number | null {
  if (visit.status !== "in_progress") return null;
  const minutes = (now.getTime() - new Date(visit.status_changed).getTime()) / 60_000;
  return Math.min(24 * 60, Math.max(5, Math.round(minutes / 5) * 5));
}

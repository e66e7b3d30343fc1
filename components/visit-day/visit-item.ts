import type { Jsonify } from "@/lib/schemas/jsonify";
import type { VisitStatus } from "@/lib/schemas/visit-status";
import type { VisitView } from "@/lib/services/visit";

/** A visit as GET /visit answers it. */
export type VisitItem = Jsonify<VisitView>;

/** The step a technician takes next from each status, in the order a visit goes. */
export const NEXT_STEPS: Record<VisitStatus, VisitStatus[]> = {
  scheduled: ["on_the_way", "in_progress"],
  on_the_way: ["in_progress"],
  in_progress: ["completed"],
  completed: [],
  cancelled: [],
};

export const STATUS_COLORS: Record<VisitStatus, string> = {
  scheduled: "gray",
  on_the_way: "blue",
  in_progress: "orange",
  completed: "green",
  cancelled: "red",
};

/** What each status is called (catalogue keys). */
export const STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: "myDay.status.scheduled",
  on_the_way: "myDay.status.on_the_way",
  in_progress: "myDay.status.in_progress",
  completed: "myDay.status.completed",
  cancelled: "myDay.status.cancelled",
};

/** The button that takes a visit to each status a technician sets, and the toast once it has. */
export const STEPS: Partial<Record<VisitStatus, { label: string; done: string }>> = {
  on_the_way: { label: "myDay.step.on_the_way", done: "myDay.stepped.on_the_way" },
  in_progress: { label: "myDay.step.in_progress", done: "myDay.stepped.in_progress" },
  completed: { label: "myDay.step.completed", done: "myDay.stepped.completed" },
};

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

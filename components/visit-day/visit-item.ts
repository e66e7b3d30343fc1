import type { VisitStatus } from "@/lib/schemas/visit-status";

/** A visit as GET /visit answers it. */
export type VisitItem = {
  id: string;
  project: string;
  project_title: string;
  customer: string | null;
  customer_name: string | null;
  site: string | null;
  location: string | null;
  time_zone: string;
  start: string | null;
  end: string | null;
  start_local: string | null;
  end_local: string | null;
  day: string | null;
  arrival_window: number | null;
  members: string[];
  instructions: string | null;
  status: VisitStatus;
  status_changed: string;
  status_changed_by: string | null;
};

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

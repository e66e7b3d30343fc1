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

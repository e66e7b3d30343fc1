import type { Jsonify } from "@/lib/schemas/jsonify";
import type { VisitClash } from "@/lib/schemas/visit";
import { VISIT_STATUSES, type VisitStatus } from "@/lib/schemas/visit-status";
import type { VisitView } from "@/lib/services/visit";

export { VISIT_STATUSES, type VisitClash, type VisitStatus };

/** A visit as the visit API answers it (GET /visit, GET /visit/{id}, create and update answers). */
export type VisitItem = Jsonify<VisitView>;

/** What each status is called (catalogue keys). */
export const STATUS_LABELS: Record<VisitStatus, string> = {
  scheduled: "visits.status.scheduled",
  on_the_way: "visits.status.on_the_way",
  in_progress: "visits.status.in_progress",
  completed: "visits.status.completed",
  cancelled: "visits.status.cancelled",
};

/** A status's Mantine colour, on the board, the technician's day and every list of visits. */
export const STATUS_COLORS: Record<VisitStatus, string> = {
  scheduled: "blue",
  on_the_way: "violet",
  in_progress: "orange",
  completed: "green",
  cancelled: "gray",
};

/** Every status but cancelled: the visits that still count for a day or a customer. */
export const NOT_CANCELLED: VisitStatus[] = ["scheduled", "on_the_way", "in_progress", "completed"];

/** A list answer, like the app's other lists. */
export type VisitPage = { items: VisitItem[]; more?: boolean; next?: string | null };
export const visitsOf = (page: VisitPage | undefined): VisitItem[] => page?.items ?? [];

/** What a visit's time becomes: a time ("YYYY-MM-DDTHH:mm" wall clock at its zone), a day, or neither. */
export type VisitTime = { start: string; end: string; day?: undefined } | { day: string; start?: undefined; end?: undefined };

/** The body that sets a visit's time: setting one of start or day clears the other. */
export const timeBody = (time: VisitTime) => (time.day !== undefined ? { day: time.day, start: null, end: null } : { start: time.start, end: time.end, day: null });

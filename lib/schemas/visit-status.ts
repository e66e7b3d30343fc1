// A leaf module: the schedule's screens lay out statuses without loading zod.

/** A visit's status, in the order a visit goes through them. */
export const VISIT_STATUSES = ["scheduled", "on_the_way", "in_progress", "completed", "cancelled"] as const;
export type VisitStatus = (typeof VISIT_STATUSES)[number];

/** The longest a timed visit may last: lists and clash checks read this far back from a range's start. */
export const VISIT_MAX_HOURS = 24;

/** The arrival window shown to the customer, in minutes. */
export const ARRIVAL_WINDOW_MIN = 15;
export const ARRIVAL_WINDOW_MAX = 240;

export const TIME_OFF_STATUSES = ["active", "removed"] as const;

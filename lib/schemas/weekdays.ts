/**
 * The days business hours are given for, Monday first (ISO 8601). A leaf of its own:
 * screens that lay out a week need the days, not the schema and zod behind it.
 */
export const WEEKDAYS = ["mon", "tue", "wed", "thu", "fri", "sat", "sun"] as const;
export type Weekday = (typeof WEEKDAYS)[number];

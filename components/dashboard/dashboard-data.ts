import type { dashboard } from "@/lib/services/dashboard";
import type { Jsonify } from "@/lib/schemas/jsonify";

export type DashboardView = Jsonify<Awaited<ReturnType<typeof dashboard>>>;
export type FirstStepsDone = DashboardView["first_steps"];

/** Monday 00:00 of this week on the member's own calendar: where "this week" starts. */
export function startOfWeek(now = new Date()): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  const sinceMonday = (start.getDay() + 6) % 7;
  start.setDate(start.getDate() - sinceMonday);
  return start;
}

/** A list screen's address with its filters, as the list writes them itself. */
export const listHref = (path: string, filters: Record<string, string>) => `${path}?${new URLSearchParams(filters)}`;

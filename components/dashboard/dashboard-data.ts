import type { dashboard } from "@/lib/services/dashboard";
import type { Jsonify } from "@/lib/schemas/jsonify";

export type DashboardView = Jsonify<Awaited<ReturnType<typeof dashboard>>>;
export type FirstStepsDone = DashboardView["first_steps"];

/**
 * 00:00 of the first day of this week on the member's own calendar, the week starting
 * where the page's language says (Monday in Germany, Sunday in the United States).
 */
export function startOfWeek(firstDay: number, now = new Date()): Date {
  const start = new Date(now.getFullYear(), now.getMonth(), now.getDate());
  start.setDate(start.getDate() - ((start.getDay() - firstDay + 7) % 7));
  return start;
}

/** A list screen's address with its filters, as the list writes them itself. */
export const listHref = (path: string, filters: Record<string, string>) => `${path}?${new URLSearchParams(filters)}`;

// What the dispatch board reads, as the paths of its requests. The server page reads the same
// paths for the first draw (board-answers.ts), so its answers stand for the board's own.
import { addDays, isDay, todayAt } from "@/components/visit/days";
import { weekStart } from "@/components/visit/wall-clock";
import type { BusinessDetails } from "@/lib/schemas/business";

export type ScheduleMode = "day" | "week";
export type ScheduleView = { mode: ScheduleMode; date: string | null; member: string | null };

/** The view as the address gives it (?view=week&date=…&member=…). */
export function readView(param: (name: string) => string | null | undefined): ScheduleView {
  const date = param("date");
  return { mode: param("view") === "week" ? "week" : "day", date: isDay(date) ? date : null, member: param("member") ?? null };
}

/** The days shown, [date, until): the day, or the week that holds it. */
export function boardDays(view: ScheduleView, zone: string, firstDay: number) {
  const today = todayAt(zone);
  const date = view.mode === "week" ? weekStart(view.date ?? today, firstDay) : (view.date ?? today);
  return { today, date, until: addDays(date, view.mode === "week" ? 7 : 1) };
}

type WithBusiness = { business: BusinessDetails | null };

/** The zone the board runs in: the location's (its business details), else the organization's, else the viewer's own. */
export function boardZone(location: WithBusiness | undefined, organization: WithBusiness, own: string | null): string | null {
  return location?.business?.time_zone ?? organization.business?.time_zone ?? own;
}

export const VISIT_PATH = "/visit";
export const VISIT_LIMIT = 1000;

export const locationPath = (id: string) => `/location/${id}`;

type Placed = { id: string; location: string | null };

/**
 * A location's people: its own members and the organization's (no location), who may be sent
 * anywhere. At organization level (no location) the board shows everyone: null.
 */
export function crewOf(members: readonly Placed[], location: string | null): string[] | null {
  if (location === null) return null;
  return members.filter((member) => member.location === location || member.location === null).map((member) => member.id);
}

/**
 * The visits overlapping [from, to) (days, read in each visit's zone by the server): at a
 * location, its visits and its people's wherever they are; at organization level, all.
 */
export function visitsPath(from: string, to: string, location: string | null, crew: readonly string[] | null): string {
  const query = new URLSearchParams({ from, to, limit: String(VISIT_LIMIT) });
  if (location !== null) {
    query.append("location", location);
    for (const id of crew ?? []) query.append("or_member", id);
  }
  return `${VISIT_PATH}?${query}`;
}

/** Members' active time off that overlaps [from, to). */
export const timeOffPath = (from: string, to: string) => `/time_off?${new URLSearchParams({ from, to, status: "active", limit: String(VISIT_LIMIT) })}`;

import "server-only";
import { getLocale } from "next-intl/server";
import { GET as getLocation } from "@/app/api/api/location/[id]/route";
import { GET as listMembers } from "@/app/api/api/member/route";
import { GET as listTimeOff } from "@/app/api/api/time_off/route";
import { GET as listVisits } from "@/app/api/api/visit/route";
import { ACTIVE_MEMBERS_PATH } from "@/components/member/active-members";
import type { MemberItem } from "@/components/member/member-item";
import { boardDays, boardZone, crewOf, locationPath, readView, timeOffPath, visitsPath } from "@/components/schedule/board-query";
import type { BoardAnswers } from "@/components/schedule/use-schedule-data";
import type { BusinessDetails } from "@/lib/schemas/business";
import type { SearchParams } from "@/lib/server/first-page";
import { initialSession, pageRequestTo } from "@/lib/server/initial-session";
import { firstDayOfWeek } from "@/lib/i18n/locales";

type Handler = (req: Request, args: { params: Promise<Record<string, string>> }) => Promise<Response>;

/** What the API answers the page request's session at `path`, through the endpoint itself (its access rules), as it wrote it; undefined when it refuses. */
async function ask(handler: Handler, path: string, params: Record<string, string> = {}): Promise<string | undefined> {
  const req = await pageRequestTo(`/api/api${path}`);
  if (!req) return undefined;
  const res = await handler(req, { params: Promise.resolve(params) });
  return res.ok ? res.text() : undefined;
}

const first = (value: string | string[] | undefined) => (Array.isArray(value) ? value[0] : value);

/**
 * The board's first answers, keyed by the paths the board asks (board-query.ts), read while
 * the page is served: the members, the location, then the shown days' visits and time off.
 * Without a zone of its own (location or organization) the board's today is the viewer's,
 * which the server does not know: then the days are left to the board unless the address names one.
 */
export async function boardAnswers(searchParams: SearchParams): Promise<BoardAnswers> {
  const session = await initialSession();
  if (!session) return {};
  const locationId = session.location?.id ?? null;
  const [members, location] = await Promise.all([
    ask(listMembers, ACTIVE_MEMBERS_PATH),
    locationId ? ask(getLocation, locationPath(locationId), { id: locationId }) : undefined,
  ]);
  const answers: BoardAnswers = {};
  if (!members) return answers;
  answers[ACTIVE_MEMBERS_PATH] = members;
  if (locationId) {
    if (!location) return answers;
    answers[locationPath(locationId)] = location;
  }
  const params = await searchParams;
  const view = readView((name) => first(params[name]));
  const zone = boardZone(location ? (JSON.parse(location) as { business: BusinessDetails | null }) : undefined, session.organization, null);
  if (!zone && !view.date) return answers;
  const { date, until } = boardDays(view, zone ?? "UTC", firstDayOfWeek(await getLocale()));
  const crew = crewOf((JSON.parse(members) as { items: MemberItem[] }).items, locationId);
  const visitsKey = visitsPath(date, until, locationId, crew);
  const timeOffKey = timeOffPath(date, until);
  const [visits, timeOff] = await Promise.all([ask(listVisits, visitsKey), ask(listTimeOff, timeOffKey)]);
  if (visits) answers[visitsKey] = visits;
  if (timeOff) answers[timeOffKey] = timeOff;
  return answers;
}

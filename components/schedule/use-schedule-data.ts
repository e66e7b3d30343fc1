"use client";
import { useCallback, useMemo, useRef } from "react";
import useSWR, { useSWRConfig } from "swr";
import type { ListPage } from "@/components/browse/browse-config";
import type { ProjectItem } from "@/components/project/project-item";
import { visitsOf, type VisitItem, type VisitPage } from "@/components/visit/visit-item";
import { useOwnZone } from "@/components/visit/visit-when";
import { api, toSearch } from "@/lib/client/api";
import { useApi } from "@/lib/client/use-api";
import { useSession } from "@/lib/client/use-session";
import type { TimeOffView } from "@/lib/entities/time-off";
import type { BusinessDetails } from "@/lib/schemas/business";
import type { Jsonify } from "@/lib/schemas/jsonify";
import { boardZone, locationPath, timeOffPath, VISIT_LIMIT, VISIT_PATH, visitsPath } from "./board-query";

/** Paths of the board's lists, so a write can read them again. */
export { VISIT_PATH } from "./board-query";
export const PROJECT_PATH = "/project";
const TRAY_LIMIT = 100;

/**
 * The answers the page was served with, by the path the board asks them at: each as the
 * API wrote it, read once in the browser (handing the text over costs far less than the
 * objects of a busy day), then the board's SWR fallback.
 */
export type BoardAnswers = Record<string, string>;

/** The served answers as SWR's fallback. */
export const servedFallback = (answers: BoardAnswers) => Object.fromEntries(Object.entries(answers).map(([key, text]) => [key, JSON.parse(text) as unknown]));

/**
 * SWR options for a board read: an answer the page came with (read by the server for the
 * first draw) is not asked for again as soon as the board mounts. An answer kept from an
 * earlier visit is shown before it, and is asked again as usual.
 */
export function useServed(key: string | null) {
  const { fallback, cache } = useSWRConfig();
  // A served answer that is one page of more is read in full as usual.
  const answer = key === null ? undefined : (fallback?.[key] as { more?: boolean } | undefined);
  const served = answer !== undefined && !answer.more && cache.get(key!)?.data === undefined;
  return served ? { revalidateOnMount: false } : {};
}

type WithBusiness = { business: BusinessDetails | null };

/**
 * The zone the board runs in: the selected location's, else the organization's
 * (their business details), else the viewer's own.
 */
export function useBoardZone(): { zone: string; ready: boolean; location: string | null } {
  const { data: session } = useSession();
  const locationId = session?.location?.id ?? null;
  const key = locationId ? locationPath(locationId) : null;
  const location = useApi<WithBusiness>(key, undefined, { revalidateOnFocus: false, ...useServed(key) });
  const own = useOwnZone();
  const zone = (session && boardZone(location.data, session.organization, own)) ?? own ?? "UTC";
  const ready = Boolean(session) && (!locationId || location.data !== undefined || location.error !== undefined);
  return { zone, ready, location: locationId };
}

/** Every visit of a board's list: a busy week past one page is read on by its cursor, so no visit is left off the board. */
async function allVisits(path: string): Promise<VisitPage> {
  let page = await api.get<VisitPage>(path);
  const items = [...page.items];
  while (page.more && page.next) {
    page = await api.get<VisitPage>(`${path}&${new URLSearchParams({ after: page.next })}`);
    items.push(...page.items);
  }
  return { items, more: false };
}

/**
 * The visits that overlap [from, to) (days, read in each visit's zone by the server): at a
 * location, its visits and those of its people (`crew`, asked once they are known: undefined until then).
 */
export function useBoardVisits(from: string, to: string, location: string | null, crew: readonly string[] | null | undefined) {
  const key = location !== null && !crew ? null : visitsPath(from, to, location, crew ?? null);
  const page = useSWR<VisitPage>(key, () => allVisits(key!), { keepPreviousData: true, ...useServed(key) });
  const { mutate } = page;
  // What is drawn: the cache holds nothing yet while the page's own answer is shown.
  const drawn = useRef(page.data);
  drawn.current = page.data;
  /** A saved visit drawn at once in place of its old self (or added), before the list is read again. */
  const show = useCallback(
    (saved: VisitItem) =>
      mutate(
        (cached) => {
          const current = cached ?? drawn.current ?? { items: [] };
          const list = current.items;
          return { ...current, items: list.some((visit) => visit.id === saved.id) ? list.map((visit) => (visit.id === saved.id ? saved : visit)) : [...list, saved] };
        },
        { revalidate: false },
      ),
    [mutate],
  );
  return { data: page.data?.items, error: page.error, show };
}

export type TimeOffItem = Jsonify<TimeOffView>;

/** Members' active time off that overlaps [from, to); everyone may read it (the board shades it). */
export function useBoardTimeOff(from: string, to: string) {
  const key = timeOffPath(from, to);
  return useApi<ListPage<TimeOffItem>>(key, undefined, { keepPreviousData: true, ...useServed(key) });
}

const OPEN_STATUSES = ["scheduled", "on_the_way", "in_progress"];

/**
 * The tray: projects whose status needs scheduling and that have no open visit yet
 * (one more request for all of them), and visits with no time yet.
 */
export function useTray() {
  const listed = useApi<ListPage<ProjectItem>>(PROJECT_PATH, { needs_scheduling: "true", limit: TRAY_LIMIT, sort: "updated:desc" });
  const ids = listed.data?.items.map((project) => project.id);
  const openKey = ids?.length ? `${VISIT_PATH}${toSearch({ project: ids, status: OPEN_STATUSES, limit: VISIT_LIMIT })}` : null;
  const open = useSWR<VisitItem[]>(openKey, async () => visitsOf(await api.get<VisitPage>(openKey!)));
  const projects = useMemo(() => {
    if (!listed.data || (openKey && !open.data)) return undefined;
    const visited = new Set((open.data ?? []).map((visit) => visit.project));
    return listed.data.items.filter((project) => !visited.has(project.id));
  }, [listed.data, open.data, openKey]);
  const visitKey = `${VISIT_PATH}?unscheduled=true&limit=${TRAY_LIMIT}`;
  const visits = useSWR<VisitItem[]>(visitKey, async () => visitsOf(await api.get<VisitPage>(visitKey)));
  return { projects, projectsError: (listed.error ?? open.error) as unknown, visits };
}

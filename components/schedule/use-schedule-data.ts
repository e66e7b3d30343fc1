"use client";
import { useCallback, useMemo } from "react";
import useSWR from "swr";
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

/** Paths of the board's lists, so a write can read them again. */
export const VISIT_PATH = "/visit";
export const PROJECT_PATH = "/project";
const VISIT_LIMIT = 1000;
const TRAY_LIMIT = 100;

type WithBusiness = { business: BusinessDetails | null };

/**
 * The zone the board runs in: the selected location's, else the organization's
 * (their business details), else the viewer's own.
 */
export function useBoardZone(): { zone: string; ready: boolean } {
  const { data: session } = useSession();
  const locationId = session?.location?.id ?? null;
  const location = useApi<WithBusiness>(locationId ? `/location/${locationId}` : null, undefined, { revalidateOnFocus: false });
  const own = useOwnZone();
  const zone = location.data?.business?.time_zone ?? session?.organization.business?.time_zone ?? own ?? "UTC";
  const ready = Boolean(session) && (!locationId || location.data !== undefined || location.error !== undefined);
  return { zone, ready };
}

/** The visits that overlap [from, to) (days, read in each visit's zone by the server). */
export function useBoardVisits(from: string, to: string) {
  const key = `${VISIT_PATH}?from=${from}&to=${to}&limit=${VISIT_LIMIT}`;
  const visits = useSWR<VisitItem[]>(key, async () => visitsOf(await api.get<VisitPage>(key)), { keepPreviousData: true });
  const { mutate } = visits;
  /** A saved visit drawn at once in place of its old self (or added), before the list is read again. */
  const show = useCallback(
    (saved: VisitItem) => mutate((list) => (list?.some((visit) => visit.id === saved.id) ? list.map((visit) => (visit.id === saved.id ? saved : visit)) : [...(list ?? []), saved]), { revalidate: false }),
    [mutate],
  );
  return { ...visits, show };
}

export type TimeOffItem = Jsonify<TimeOffView>;

/** Members' active time off that overlaps [from, to); everyone may read it (the board shades it). */
export function useBoardTimeOff(from: string, to: string) {
  return useApi<ListPage<TimeOffItem>>("/time_off", { from, to, status: "active", limit: VISIT_LIMIT }, { keepPreviousData: true });
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
  return { projects, projectsFailed: Boolean(listed.error || open.error), visits };
}

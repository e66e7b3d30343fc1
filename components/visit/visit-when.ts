"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useCallback, useSyncExternalStore } from "react";
import { browserZone, dayDate, wallClockAt } from "./days";
import type { VisitItem } from "./visit-item";

const unchanging = () => () => {};

/** The viewer's own zone; null while the page is drawn on the server, which does not know it. */
export function useOwnZone(): string | null {
  return useSyncExternalStore(unchanging, browserZone, () => null);
}

/**
 * A visit's time at the viewer's own zone, "Your time: 10:00 – 11:00" (with the
 * weekday when it falls on another day there), when that zone is not the visit's;
 * else null. Visits are shown at their site's local time first.
 */
export function useOwnTime() {
  const t = useTranslations();
  const format = useFormatter();
  const own = useOwnZone();
  return useCallback(
    (visit: Pick<VisitItem, "start" | "end" | "start_local" | "time_zone">) => {
      if (!own || own === visit.time_zone || !visit.start || !visit.end) return null;
      const otherDay = wallClockAt(visit.start, own).slice(0, 10) !== visit.start_local?.slice(0, 10);
      const time = format.dateTimeRange(new Date(visit.start), new Date(visit.end), { timeZone: own, hour: "numeric", minute: "2-digit", ...(otherDay && { weekday: "short" }) });
      return t("visits.yourTime", { time });
    },
    [own, t, format],
  );
}

/** When a visit is, at its own zone: "Tue, 28 Mar, 09:00 – 11:00", or its day and "any time", or "not scheduled yet". */
export function useVisitWhen() {
  const t = useTranslations();
  const format = useFormatter();
  return useCallback(
    (visit: VisitItem) => {
      if (visit.start && visit.end) {
        const zone = visit.time_zone;
        const date = format.dateTime(new Date(visit.start), { weekday: "short", day: "numeric", month: "short", timeZone: zone });
        const time = (instant: string) => format.dateTime(new Date(instant), { hour: "numeric", minute: "2-digit", timeZone: zone });
        return t("visits.when", { date, start: time(visit.start), end: time(visit.end) });
      }
      if (visit.day) return t("visits.whenDay", { date: format.dateTime(dayDate(visit.day), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }) });
      return t("visits.unscheduled");
    },
    [t, format],
  );
}

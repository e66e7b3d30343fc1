"use client";
import { useFormatter, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { VisitClash } from "@/components/visit/visit-item";

/**
 * How a clash reads: what it is and when, at the visit's zone. The same function while the
 * language stays, so the board does not redraw its visits. A busy day's visits clash with
 * the same few others, so each span is worded once.
 */
export function useClashText() {
  const t = useTranslations();
  const format = useFormatter();
  return useMemo(() => {
    const spans = new Map<string, string>();
    return (clash: VisitClash, timeZone: string) => {
      const key = `${clash.start}|${clash.end}|${timeZone}`;
      let when = spans.get(key);
      if (when === undefined) {
        when = format.dateTimeRange(new Date(clash.start), new Date(clash.end), { timeZone, weekday: "short", hour: "2-digit", minute: "2-digit" });
        spans.set(key, when);
      }
      if (clash.type === "hours") return t("dispatch.clash.hours", { when });
      if (clash.type === "time_off") return t("dispatch.clash.timeOff", { title: clash.title, when });
      return t("dispatch.clash.visit", { title: clash.title, when });
    };
  }, [t, format]);
}

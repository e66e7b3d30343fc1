"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";
import { readView, type ScheduleView } from "./board-query";

export type { ScheduleMode, ScheduleView } from "./board-query";

/** What the board shows lives in the URL (?view=week&date=…&member=…), so a link or a reload shows the same board. */
export function useScheduleView(): [ScheduleView, (change: Partial<ScheduleView>) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const view = readView((name) => params.get(name));
  const change = useCallback(
    (patch: Partial<ScheduleView>) => {
      const next = new URLSearchParams(params.toString());
      const set = (key: string, value: string | null | undefined) => (value ? next.set(key, value) : next.delete(key));
      if ("mode" in patch) set("view", patch.mode === "week" ? "week" : null);
      if ("date" in patch) set("date", patch.date);
      if ("member" in patch) set("member", patch.member);
      const search = next.toString();
      // The App Router follows History API changes without asking the server for the page again.
      window.history.replaceState(null, "", search ? `${pathname}?${search}` : pathname);
    },
    [params, pathname],
  );
  return [view, change];
}

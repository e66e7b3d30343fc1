"use client";
import { usePathname, useSearchParams } from "next/navigation";
import { useCallback } from "react";

/** The board's project type lives in the URL (?type=), so a link or a reload shows the same board. */
export function useBoardType(): [string | null, (id: string) => void] {
  const params = useSearchParams();
  const pathname = usePathname();
  const type = params.get("type");
  const choose = useCallback(
    (id: string) => {
      const next = new URLSearchParams(params.toString());
      next.set("type", id);
      // The App Router follows History API changes without asking the server for the page again.
      window.history.replaceState(null, "", `${pathname}?${next.toString()}`);
    },
    [params, pathname],
  );
  return [type, choose];
}

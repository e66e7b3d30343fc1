"use client";
import { useCallback, useMemo, useState } from "react";
import useSWR from "swr";
import type { ListPage } from "@/components/browse/browse-config";
import type { ProjectItem } from "@/components/project/project-item";
import { api, toSearch } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { errorToast } from "@/lib/client/toast";

// Pages well under the list API's maximum answer quickly; a board stops at a size still pleasant to drag in.
const PAGE_SIZE = 1000;
export const BOARD_CAP = 5000;
const SORT = "title:asc";

async function loadAll(type: string): Promise<ProjectItem[]> {
  const all: ProjectItem[] = [];
  for (let skip = 0; all.length < BOARD_CAP; skip += PAGE_SIZE) {
    const page = await api.get<ListPage<ProjectItem>>("/project", { type, sort: SORT, skip, limit: PAGE_SIZE });
    all.push(...page.items);
    if (!page.more) break;
  }
  return all;
}

/**
 * Every project of one type, and moving one to another status: shown at once,
 * saved with PATCH, put back with the error toast when the server refuses.
 */
export function useBoardProjects(type: string | null) {
  // Under the /project path, so a write anywhere that invalidates project lists refreshes the board too.
  const key = type ? `/project${toSearch({ type, sort: SORT, board: 1 })}` : null;
  const { data, error, mutate } = useSWR(key, () => loadAll(type!), { revalidateOnFocus: false });
  const [moving, setMoving] = useState<Record<string, number>>({});

  const projects = useMemo(
    () => data?.map((project) => (project.id in moving ? { ...project, status: moving[project.id] } : project)),
    [data, moving],
  );

  const move = useCallback(
    async (id: string, status: number) => {
      setMoving((now) => ({ ...now, [id]: status }));
      try {
        const saved = await api.patch<ProjectItem>(`/project/${id}`, { status });
        await mutate((current) => current?.map((project) => (project.id === id ? saved : project)), { revalidate: false });
        void invalidate(`/project/${id}`, "/history");
      } catch (failure) {
        errorToast(failure);
      } finally {
        // A later move of the same card owns the override from then on.
        setMoving(({ [id]: shown, ...rest }) => (shown === undefined || shown === status ? rest : { ...rest, [id]: shown }));
      }
    },
    [mutate],
  );

  return { projects, error, capped: (data?.length ?? 0) >= BOARD_CAP, move };
}

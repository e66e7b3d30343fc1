"use client";
import { useCallback, useEffect, useMemo, useRef, useState } from "react";
import useSWR from "swr";
import type { ListPage } from "@/components/browse/browse-config";
import type { ProjectItem } from "@/components/project/project-item";
import type { ProjectTypeItem } from "@/components/project-type/project-type-item";
import { workflowsPath, type WorkflowOffer } from "@/components/project/use-project-workflows";
import { postWorkflowRun } from "@/components/project/post-workflow-run";
import { api, toSearch } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { errorToast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import type { Workflow } from "@/lib/schemas/workflow";
import { leadsTo } from "@/lib/schemas/workflow-status";
import type { DropQuestion } from "./board-drop-dialog";

// The first page is small, so the board shows at once; the rest follows in pages well
// under the list API's maximum, read on by cursor, up to a size still pleasant to drag in.
const FIRST_PAGE = 200;
const PAGE_SIZE = 1000;
export const BOARD_CAP = 5000;
const SORT = "title:asc";

const loadPage = (type: string, limit: number, after?: string) =>
  api.get<ListPage<ProjectItem>>("/project", { type, sort: SORT, limit, after });

/** Every project of the type, up to the cap. */
async function loadAll(type: string): Promise<ProjectItem[]> {
  let page = await loadPage(type, PAGE_SIZE);
  const all = [...page.items];
  while (page.more && page.next && all.length < BOARD_CAP) {
    page = await loadPage(type, Math.min(PAGE_SIZE, BOARD_CAP - all.length), page.next);
    all.push(...page.items);
  }
  return all;
}

/**
 * Every project of one type, and moving one to another status: shown at once,
 * then done the way the server allows. A workflow that leads to the column and
 * that this member may run now (the server says which) runs, asking for its
 * inputs or which one when needed; with none, the status is patched, which the
 * server refuses for viewers and for types whose statuses change only through
 * workflows. A refusal or a cancelled dialog puts the card back, with the toast.
 */
export function useBoardProjects(typeId: string | null, type: ProjectTypeItem | undefined) {
  // Under the /project path, so a write anywhere that invalidates project lists refreshes the board too.
  const key = typeId ? `/project${toSearch({ type: typeId, sort: SORT, board: 1 })}` : null;
  // Both start at once: the small first page is drawn while the whole board loads.
  const first = useSWR(key && `${key}&first=1`, () => loadPage(typeId!, FIRST_PAGE), { revalidateOnFocus: false });
  const whole = useSWR(key, () => loadAll(typeId!), { revalidateOnFocus: false });
  const data = whole.data ?? first.data?.items;
  const error = whole.error ?? (whole.data ? undefined : first.error);
  const [moving, setMoving] = useState<Record<string, number>>({});
  const [question, setQuestion] = useState<DropQuestion | null>(null);
  // What a drop reads when it happens, without renewing the board's callbacks on every load.
  const current = useRef({ data, type, whole: whole.data !== undefined });
  useEffect(() => {
    current.current = { data, type, whole: whole.data !== undefined };
  }, [data, type, whole.data]);

  const projects = useMemo(
    () => data?.map((project) => (project.id in moving ? { ...project, status: moving[project.id] } : project)),
    [data, moving],
  );

  const ask = useCallback(
    (project: ProjectItem, target: string, workflows: Workflow[]) =>
      new Promise<ProjectItem | null>((resolve) =>
        setQuestion({
          project,
          target,
          workflows,
          answer: (saved) => {
            setQuestion(null);
            resolve(saved);
          },
        }),
      ),
    [],
  );

  const change = useCallback(
    async (project: ProjectItem, status: number): Promise<ProjectItem | null> => {
      const { type: shown } = current.current;
      // Most columns have no workflow leading there at all: no need to ask the server which ones this member may run.
      if (shown?.workflows.some((workflow) => leadsTo(workflow) === status)) {
        const offer = await api.get<WorkflowOffer>(workflowsPath(project.id), { status });
        const [only, ...others] = offer.items;
        if (only && others.length === 0 && only.inputs.length === 0) return postWorkflowRun(project, only);
        const target = shown.statuses.find((entry) => entry.id === status)?.title ?? translate("project.status.unnamed", { id: status });
        if (only) return ask(project, target, offer.items);
      }
      const saved = await api.patch<ProjectItem>(`/project/${project.id}`, { status });
      void invalidate(`/project/${project.id}`, "/history");
      return saved;
    },
    [ask],
  );

  const move = useCallback(
    async (id: string, status: number) => {
      const project = current.current.data?.find((entry) => entry.id === id);
      if (!project) return;
      setMoving((now) => ({ ...now, [id]: status }));
      try {
        const saved = await change(project, status);
        if (saved) {
          const replace = (entry: ProjectItem) => (entry.id === id ? saved : entry);
          await first.mutate((page) => page && { ...page, items: page.items.map(replace) }, { revalidate: false });
          // Still loading: the answer on its way may predate the move, so the board is read again.
          if (current.current.whole) await whole.mutate((all) => all?.map(replace), { revalidate: false });
          else void whole.mutate();
        }
      } catch (failure) {
        const target = current.current.type?.statuses.find((entry) => entry.id === status)?.title ?? translate("project.status.unnamed", { id: status });
        errorToast(failure, { conflict: translate("board.notMoved", { status: target }) });
      } finally {
        // A later move of the same card owns the override from then on.
        setMoving(({ [id]: shown, ...rest }) => (shown === undefined || shown === status ? rest : { ...rest, [id]: shown }));
      }
    },
    [change, first, whole],
  );

  const loadingMore = !whole.data && Boolean(first.data?.more) && !whole.error;
  return { projects, error, capped: (whole.data?.length ?? 0) >= BOARD_CAP, loadingMore, move, question };
}

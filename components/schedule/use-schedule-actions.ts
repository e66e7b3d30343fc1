"use client";
import { useCallback, useState } from "react";
import { timeBody, type VisitClash, type VisitItem } from "@/components/visit/visit-item";
import { addMinutes, minutesBetween } from "@/components/visit/wall-clock";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { errorToast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import type { BoardChange, BoardTarget } from "./schedule-calendar";
import { PROJECT_PATH, VISIT_PATH } from "./use-schedule-data";

/** How long a visit is when it first gets a time (dropped from the tray or from any time). */
export const DEFAULT_MINUTES = 60;

/** A saved visit with clashes it did not have before: kept, or put back with `undo`. */
export type ClashQuestion = { visit: VisitItem; clashes: VisitClash[]; undo: (() => Promise<void>) | null };

const clashKey = (clash: VisitClash) => `${clash.type}:${clash.id ?? ""}:${clash.start}:${clash.end}`;

/** The clashes of `after` that `before` did not have. */
export function newClashes(before: VisitClash[], after: VisitClash[]): VisitClash[] {
  const had = new Set(before.map(clashKey));
  return after.filter((clash) => !had.has(clashKey(clash)));
}

const minutesOf = (visit: VisitItem | null) =>
  visit?.start_local && visit.end_local ? minutesBetween(visit.start_local, visit.end_local) : DEFAULT_MINUTES;

/** The members after a visit moved from one member's row to another's. */
function movedMembers(members: string[], from: string | null, to: string | null): string[] {
  const kept = from === null ? members : members.filter((member) => member !== from);
  return to === null || kept.includes(to) ? kept : [...kept, to];
}

/** The body that puts a visit (or a new one) at a target, keeping its length. */
function placeBody(target: BoardTarget, visit: VisitItem | null, end: string | null) {
  if (target.anyTime) return timeBody({ day: target.at });
  return timeBody({ start: target.at, end: end ?? addMinutes(target.at, minutesOf(visit)) });
}

/** What puts a visit back as it was before a change. */
function restoreBody(before: VisitItem, changed: Record<string, unknown>) {
  const body: Record<string, unknown> = before.start_local && before.end_local ? timeBody({ start: before.start_local, end: before.end_local }) : before.day ? timeBody({ day: before.day }) : { start: null, end: null, day: null };
  if ("members" in changed) body.members = before.members;
  return body;
}

const refresh = () => invalidate(VISIT_PATH, PROJECT_PATH);

/**
 * Every write of the board, each one request: a drop moves, resizes, schedules or
 * assigns a visit, or makes one for a project. The board then shows what the server
 * saved; a refusal puts the visit back with the server's reason, and clashes the
 * visit did not have before are asked about ("Keep anyway" or "Undo").
 */
export function useScheduleActions(visits: VisitItem[], show: (saved: VisitItem) => Promise<unknown>) {
  const [question, setQuestion] = useState<ClashQuestion | null>(null);
  const [busy, setBusy] = useState(0);

  /** A saved visit drawn at once, then the lists read again (the tray, others' changes); new clashes are asked about. */
  const saved = useCallback(async (before: VisitItem | null, visit: VisitItem, undo: ((saved: VisitItem) => Promise<VisitItem>) | null = null) => {
    await show(visit);
    await refresh();
    const added = newClashes(before?.clashes ?? [], visit.clashes);
    if (added.length > 0)
      setQuestion({
        visit,
        clashes: added,
        undo: undo && (async () => {
          await show(await undo(visit));
          await refresh();
        }),
      });
  }, [show]);

  /** Saves and asks about new clashes; answers the saved visit, or null after a refusal (already told). */
  const save = useCallback(async (before: VisitItem | null, write: () => Promise<VisitItem>, undo: ((saved: VisitItem) => Promise<VisitItem>) | null) => {
    setBusy((count) => count + 1);
    try {
      const visit = await write();
      await saved(before, visit, undo);
      return visit;
    } catch (failure) {
      errorToast(failure, { conflict: translate("dispatch.notSaved") });
      return null;
    } finally {
      setBusy((count) => count - 1);
    }
  }, [saved]);

  /** A visit moved or resized on the board. */
  const change = useCallback(
    async ({ id, from, to, end, revert }: BoardChange) => {
      const visit = visits.find((entry) => entry.id === id);
      if (!visit) return revert();
      const body: Record<string, unknown> = placeBody(to, visit, end);
      if (from && from.member !== to.member) body.members = movedMembers(visit.members, from.member, to.member);
      const done = await save(visit, () => api.patch<VisitItem>(`${VISIT_PATH}/${id}`, body), () => api.patch<VisitItem>(`${VISIT_PATH}/${id}`, restoreBody(visit, body)));
      if (!done) revert();
    },
    [visits, save],
  );

  /** A visit waiting in the tray, dropped on a lane. */
  const schedule = useCallback(
    (visit: VisitItem, target: BoardTarget) => {
      const body: Record<string, unknown> = placeBody(target, visit, null);
      if (target.member && !visit.members.includes(target.member)) body.members = [...visit.members, target.member];
      return save(visit, () => api.patch<VisitItem>(`${VISIT_PATH}/${visit.id}`, body), () => api.patch<VisitItem>(`${VISIT_PATH}/${visit.id}`, restoreBody(visit, body)));
    },
    [save],
  );

  /** A project waiting in the tray, dropped on a lane: its new visit. */
  const create = useCallback(
    (project: string, target: BoardTarget) => {
      const body = { project, ...placeBody(target, null, null), members: target.member ? [target.member] : [] };
      const { start, end, day, ...rest } = body;
      const given = target.anyTime ? { ...rest, day } : { ...rest, start, end };
      // Undoing a new visit takes its time away again: it waits in the tray.
      return save(null, () => api.post<VisitItem>(VISIT_PATH, given), (saved) => api.patch<VisitItem>(`${VISIT_PATH}/${saved.id}`, { start: null, end: null, day: null }));
    },
    [save],
  );

  return { change, schedule, create, saved, question, answered: () => setQuestion(null), busy: busy > 0 };
}

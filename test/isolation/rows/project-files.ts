import { expect } from "vitest";
import { GET as listProjectFiles, POST as addProjectFile } from "@/app/api/api/project/[id]/file/route";
import { call } from "@/test/api";
import { invalid, notFound, permission, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { actorsWhere, holds, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { HIDDEN, ITEM_KEYS, VIEW_ONLY } from "@/test/isolation/items";

const list = (cookie: string | undefined, id: string) => call(listProjectFiles, "GET", `/project/${id}/file`, { cookie, params: { id } });
const add = (cookie: string | undefined, id: string, file: string) =>
  call(addProjectFile, "POST", `/project/${id}/file`, { cookie, params: { id }, body: { file } });

/** A project's photos and files: seen as the project is; kept with it by its editors (and members assigned to its visits). */
export const projectFileRows: Row[] = [
  {
    method: "GET",
    route: "/project/[id]/file",
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => list(undefined, w.items.project.editDefault.id)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound("Project"), () => list(w.outsider.cookie, w.items.project[key].id));
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound("Project"), () => list(actor.cookie, w.items.project[key].id));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of VIEW_ONLY) expect((await list(actor.cookie, w.items.project[key].id)).status, `${actor.key} ${key}`).toBe(200);
        }
      },
      "missing privilege": "reading what sharing allows needs no privilege",
    },
  },
  {
    method: "POST",
    route: "/project/[id]/file",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => add(undefined, w.items.project.editDefault.id, w.files.a)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) {
          await refusedWrite(w, `outsider ${key}`, notFound("Project"), () => add(w.outsider.cookie, w.items.project[key].id, w.files.b));
        }
        // Nor can B keep A's upload with its own project.
        await refusedWrite(w, "A's file on B's project", invalid("file", "Upload the file first; this one was not found."), () =>
          add(w.outsider.cookie, w.bItem.project, w.files.a),
        );
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedWrite(w, `${actor.key} ${key}`, notFound("Project"), () => add(actor.cookie, w.items.project[key].id, w.files.a));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of VIEW_ONLY) await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => add(actor.cookie, w.items.project[key].id, w.files.a));
        }
      },
      "missing privilege": async (w) => {
        // Editing a project one does not own needs projects_manage; being assigned to one of its visits would do too (project file tests).
        for (const actor of actorsWhere(w, (one) => one.place === "south" && !holds(one, "projects_manage"))) {
          await refusedWrite(w, actor.key, permission("projects_manage"), () => add(actor.cookie, w.items.project.editDefault.id, w.files.a));
        }
      },
    },
  },
];

import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { project } from "@/db/schema/project";
import { POST as importProjectsRoute } from "@/app/api/api/project/import/route";
import { GET as listLines } from "@/app/api/api/project/[id]/lines/route";
import { GET as listWorkflows } from "@/app/api/api/project/[id]/workflow/route";
import { POST as runWorkflow } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED, VIEW_ONLY_REFUSAL } from "@/test/answers";
import { csvText, importForm } from "@/test/import";
import { holds, refusedRead, refusedWrite, skippedMessages, southWith, writesNothing, type Row } from "@/test/isolation/cases";
import { entityRows } from "@/test/isolation/entity-rows";
import { EDITABLE, HIDDEN, ITEM_KEYS, VIEW_ONLY } from "@/test/isolation/items";

const importProjects = (cookie: string | undefined, rows: string[][]) =>
  call(importProjectsRoute, "POST", "/project/import", {
    cookie,
    body: importForm({ name: "projects.csv", content: csvText([["Title", "Type", "Customer", "Owner"], ...rows]) }, { mappings: { title: 0, type: 1, customer: 2, owner: 3 } }),
  });

/** POST /project/import: multipart files whose rows name a type, a customer and an owner. */
const importRow: Row = {
  method: "POST",
  route: "/project/import",
  cases: {
    "no session": async (w) => refusedWrite(w, "anonymous import", UNAUTHORIZED, () => importProjects(undefined, [["Anonymous", w.refs.a.type, "", ""]])),
    "other organization": async (w) => {
      // B's rows cannot name A's type, customer or member...
      await writesNothing(
        w,
        "outsider names A's items",
        () => importProjects(w.outsider.cookie, [["Intruder", w.refs.a.type, w.items.customer.editDefault.id, w.a.view.member.id]]),
        (res) =>
          expect(skippedMessages(res)).toEqual([
            "This project type does not exist",
            "Choose an active member of the organization",
            "This customer does not exist",
          ]),
      );
      // ...and what B imports belongs to B.
      const res = await importProjects(w.outsider.cookie, [["B's imported project", w.refs.b.type, "", ""]]);
      expect(res.body).toMatchObject({ created: 1, skipped: [] });
      const db = await getDb();
      const made = await db.select().from(project).where(eq(project.title, "B's imported project"));
      expect(made.map((row) => row.organizationId)).toEqual([w.b.organizationId]);
    },
    "location cannot see": async (w) => {
      for (const actor of southWith(w)) {
        for (const key of HIDDEN) {
          await writesNothing(
            w,
            `${actor.key} ${key}`,
            () => importProjects(actor.cookie, [["Hidden refs", w.items.project_type[key].id, w.items.customer[key].id, ""]]),
            (res) => expect(skippedMessages(res)).toEqual(["This project type does not exist", "This customer does not exist"]),
          );
        }
      }
      const actor = southWith(w)[0];
      expect((await importProjects(actor.cookie, [["South's imported project", w.refs.a.type, "", ""]])).body).toMatchObject({ created: 1 });
      const db = await getDb();
      const [made] = await db.select().from(project).where(eq(project.title, "South's imported project"));
      expect(made.locationId).toBe(w.south);
    },
    "view-only": "importing only reads what rows refer to, so items shared view-only may be referred to (import tests)",
    "missing privilege": "every active member may create projects (ARCHITECTURE.md §4)",
  },
};

/** GET /project/{id}/workflow and POST /project/{id}/workflow/{workflowId}. */
/** The lines agreed for a project are read as the project is. */
function linesRow(): Row {
  const lines = (cookie: string | undefined, id: string) => call(listLines, "GET", `/project/${id}/lines`, { cookie, params: { id } });
  return {
    method: "GET",
    route: "/project/[id]/lines",
    cases: {
      "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => lines(undefined, w.items.project.editDefault.id)),
      "other organization": async (w) => {
        for (const key of ITEM_KEYS) await refusedRead(`outsider ${key}`, notFound("Project"), () => lines(w.outsider.cookie, w.items.project[key].id));
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of HIDDEN) await refusedRead(`${actor.key} ${key}`, notFound("Project"), () => lines(actor.cookie, w.items.project[key].id));
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const key of [...VIEW_ONLY, ...EDITABLE]) {
            const res = await lines(actor.cookie, w.items.project[key].id);
            expect(res.status, `${actor.key} ${key}`).toBe(200);
            expect(res.body.sections, `${actor.key} ${key}`).toEqual([]);
          }
        }
      },
      "missing privilege": "reading a project needs no privilege beyond seeing it",
    },
  };
}

function workflowRows(): Row[] {
  const available = (cookie: string | undefined, id: string) =>
    call(listWorkflows, "GET", `/project/${id}/workflow`, { cookie, params: { id } });
  const run = (cookie: string | undefined, id: string) =>
    call(runWorkflow, "POST", `/project/${id}/workflow/1`, { cookie, params: { id, workflowId: "1" }, body: {} });
  const NEEDS_NO_PRIVILEGE = "workflows need no privilege; their requirements decide (409, workflow tests)";
  return [
    {
      method: "GET",
      route: "/project/[id]/workflow",
      cases: {
        "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => available(undefined, w.items.project.editDefault.id)),
        "other organization": async (w) => {
          for (const key of ITEM_KEYS) {
            await refusedRead(`outsider ${key}`, notFound("Project"), () => available(w.outsider.cookie, w.items.project[key].id));
          }
        },
        "location cannot see": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of HIDDEN) {
              await refusedRead(`${actor.key} ${key}`, notFound("Project"), () => available(actor.cookie, w.items.project[key].id));
            }
          }
        },
        "view-only": async (w) => {
          for (const actor of southWith(w)) {
            // Nothing to run where the member may only look (the workflow names nobody); where sharing
            // allows editing, it is offered to those who may edit the project: projects_manage here.
            for (const key of VIEW_ONLY) {
              const res = await available(actor.cookie, w.items.project[key].id);
              expect(res.body, `${actor.key} ${key}`).toEqual({ items: [], editable: false });
            }
            const edits = holds(actor, "projects_manage");
            for (const key of EDITABLE) {
              const res = await available(actor.cookie, w.items.project[key].id);
              expect(res.body, `${actor.key} ${key}`).toMatchObject({ editable: edits });
              expect(res.body.items.map((workflow: { id: number }) => workflow.id), `${actor.key} ${key}`).toEqual(edits ? [1] : []);
            }
          }
        },
        "missing privilege": NEEDS_NO_PRIVILEGE,
      },
    },
    {
      method: "POST",
      route: "/project/[id]/workflow/[workflowId]",
      cases: {
        "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => run(undefined, w.items.project.editDefault.id)),
        "other organization": async (w) => {
          for (const key of ITEM_KEYS) {
            await refusedWrite(w, `outsider ${key}`, notFound("Project"), () => run(w.outsider.cookie, w.items.project[key].id));
          }
        },
        "location cannot see": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of HIDDEN) {
              await refusedWrite(w, `${actor.key} ${key}`, notFound("Project"), () => run(actor.cookie, w.items.project[key].id));
            }
          }
        },
        "view-only": async (w) => {
          for (const actor of southWith(w)) {
            for (const key of VIEW_ONLY) {
              await refusedWrite(w, `${actor.key} ${key}`, VIEW_ONLY_REFUSAL, () => run(actor.cookie, w.items.project[key].id));
            }
          }
        },
        "missing privilege": NEEDS_NO_PRIVILEGE,
      },
    },
  ];
}

/** Projects: the shared rows, importing them from a file, and their workflows. */
export const projectRows: Row[] = [...entityRows("project"), importRow, linesRow(), ...workflowRows()];

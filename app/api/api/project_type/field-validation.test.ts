import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project } from "@/db/schema/project";
import { POST as runRoute } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { POST as importProjects } from "@/app/api/api/project/import/route";
import { POST as postProject } from "@/app/api/api/project/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType, patchProjectAs, patchProjectType } from "@/test/projects";
import { expectResponsiveDuring } from "@/test/responsive";

const mailbox = useSmtpCatcher();

/** Exponential for a backtracking engine: 29 a's and a mismatch held the process for seconds. */
const NESTED = "(a+)+";
const HOSTILE = "a".repeat(29) + "!";
const STATUSES = [
  { id: 1, title: "Open" },
  { id: 2, title: "Done" },
];
const CODE = { id: 1, title: "Code", validation: NESTED };

async function typeWithNestedPattern() {
  const org = await signUpOrganization(mailbox);
  const type = await makeType(org.cookie, { statuses: STATUSES, fields: [CODE] });
  return { org, type };
}

describe("user-defined field patterns", () => {
  it("refuses a workflow setting a hostile value, without holding other requests", async () => {
    const org = await signUpOrganization(mailbox);
    const type = await makeType(org.cookie, { statuses: STATUSES });
    const workflow = { id: 1, title: "Close", requirements: [], effects: [{ type: "field_set", fields: [{ id: 1, value: HOSTILE }] }] };
    const res = await expectResponsiveDuring(() => patchProjectType(org.cookie, type.id, { fields: [CODE], workflows: [workflow] }));
    expect(res.status).toBe(400);
    expect(res.body.errors).toEqual([
      { path: "workflows.0.effects.0.fields.0.value", message: 'Workflow "Close" sets Code to a value its validation refuses' },
    ]);
    const fine = { ...workflow, effects: [{ type: "field_set", fields: [{ id: 1, value: "aaa" }] }] };
    expect((await patchProjectType(org.cookie, type.id, { fields: [CODE], workflows: [fine] })).status).toBe(200);
  });

  it("refuses a hostile project value on create, edit and workflow run, without holding other requests", async () => {
    const { org, type } = await typeWithNestedPattern();
    const created = await expectResponsiveDuring(() =>
      call(postProject, "POST", "/project", { cookie: org.cookie, body: { title: "Attack", type: type.id, fields: [{ id: 1, value: HOSTILE }] } }),
    );
    expect(created.status).toBe(400);
    expect(created.body.errors).toEqual([{ path: "fields.0.value", message: "Code does not have the expected format" }]);

    const made = await makeProject(org.cookie, { type: type.id, fields: [{ id: 1, value: "aaaa" }] });
    const edited = await expectResponsiveDuring(() => patchProjectAs(org.cookie, made.id, { fields: [{ id: 1, value: HOSTILE }] }));
    expect(edited.status).toBe(400);
    expect(edited.body.errors).toEqual([{ path: "fields.0.value", message: "Code does not have the expected format" }]);

    const ask = { id: 1, title: "Recode", requirements: [], inputs: [{ type: "field", fields: [{ id: 1, required: true }] }], effects: [] };
    expect((await patchProjectType(org.cookie, type.id, { workflows: [ask] })).status).toBe(200);
    const ran = await expectResponsiveDuring(() =>
      call(runRoute, "POST", `/project/${made.id}/workflow/1`, {
        cookie: org.cookie,
        params: { id: made.id, workflowId: "1" },
        body: { fields: [{ id: 1, value: HOSTILE }] },
      }),
    );
    expect(ran.status).toBe(400);
    const db = await getDb();
    const [row] = await db.select().from(project).where(eq(project.id, made.id));
    expect(row.fields).toEqual([{ id: 1, value: "aaaa" }]);
  });

  it("reports a hostile imported value as a row error, without holding other requests", async () => {
    const { org, type } = await typeWithNestedPattern();
    const rows = [["Title", "Type", "Fields"], ...Array.from({ length: 3 }, (_, i) => [`Attack ${i}`, type.id, `1=${HOSTILE}`]), ["Fine", type.id, "1=aaa"]];
    const body = importForm({ name: "projects.csv", content: csvText(rows) }, { mappings: { title: 0, type: 1, fields: 2 }, skipInvalid: true });
    const res = await expectResponsiveDuring(() => call(importProjects, "POST", "/project/import", { cookie: org.cookie, body }));
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ rows: 4, created: 1 });
    expect(res.body.skipped).toHaveLength(3);
    expect(res.body.skipped[0].errors[0]).toMatchObject({ message: "Code does not have the expected format" });
  });

  it("refuses, when the type is saved, patterns RE2 cannot run", async () => {
    const org = await signUpOrganization(mailbox);
    const type = await makeType(org.cookie, { statuses: STATUSES });
    const refused = async (validation: string) => {
      const res = await patchProjectType(org.cookie, type.id, { fields: [{ ...CODE, validation }] });
      expect(res.status).toBe(400);
      return res.body.errors;
    };
    expect(await refused("(\\w)\\1")).toEqual([{ path: "fields.0.validation", message: "Backreferences are not supported" }]);
    expect(await refused("(?!0)\\d+")).toEqual([{ path: "fields.0.validation", message: "Lookaround is not supported" }]);
    expect(await refused("[0-9")).toEqual([{ path: "fields.0.validation", message: "Not a valid regular expression: missing closing ] in [0-9" }]);
  });
});

import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project, projectType } from "@/db/schema/project";
import { GET as getProjectRoute } from "@/app/api/api/project/[id]/route";
import { POST as runRoute } from "@/app/api/api/project/[id]/workflow/[workflowId]/route";
import { POST as importProjects } from "@/app/api/api/project/import/route";
import { GET as listRoute, POST as postProject } from "@/app/api/api/project/route";
import { fieldValueText } from "@/lib/schemas/field-kinds";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType, patchProjectAs, patchProjectType } from "@/test/projects";

const mailbox = useSmtpCatcher();

const STATUSES = [
  { id: 1, title: "Open" },
  { id: 2, title: "Done" },
];
/** One field of each kind. */
const FIELDS = [
  { id: 1, title: "Serial", kind: "text", validation: "[A-Z]{2}\\d{2}" },
  { id: 2, title: "Pressure", kind: "number", min: 0, max: 10, decimals: 1, unit: "bar" },
  { id: 3, title: "Due", kind: "date" },
  { id: 4, title: "Visit", kind: "datetime" },
  {
    id: 5,
    title: "Size",
    kind: "single_choice",
    options: [
      { id: 1, label: "Small" },
      { id: 2, label: "Large" },
    ],
  },
  {
    id: 6,
    title: "Parts",
    kind: "multiple_choice",
    options: [
      { id: 1, label: "Valve" },
      { id: 2, label: "Pump" },
      { id: 3, label: "Gasket" },
    ],
  },
  { id: 7, title: "Checked", kind: "checkbox" },
];

async function world() {
  const org = await signUpOrganization(mailbox);
  const type = await makeType(org.cookie, { statuses: STATUSES, fields: FIELDS }, "Boiler check");
  return { org, type };
}

const create = (cookie: string, type: string, fields: { id: number; value: unknown }[], title = "Check") =>
  call(postProject, "POST", "/project", { cookie, body: { title, type, fields } });

function list(cookie: string, query: Record<string, string | string[]>) {
  return call(listRoute, "GET", "/project", { cookie, query: { limit: "50", ...query } });
}

const titles = (res: { body: { items?: { title: string }[] } }) => (res.body.items ?? []).map((item) => item.title);

describe("typed custom fields", () => {
  it("stores each kind's value in its form and refuses bad values naming the field", async () => {
    const { org, type } = await world();
    const made = await makeProject(org.cookie, {
      type: type.id,
      fields: [
        { id: 1, value: "AB12" },
        { id: 2, value: 2.5 },
        { id: 3, value: "2025-03-30" },
        { id: 4, value: "2025-03-30T09:30:00+02:00" },
        { id: 5, value: 2 },
        { id: 6, value: [3, 1] },
        { id: 7, value: true },
      ],
    });
    const read = await call(getProjectRoute, "GET", `/project/${made.id}`, { cookie: org.cookie, params: { id: made.id } });
    expect(read.body.fields).toEqual([
      { id: 1, value: "AB12" },
      { id: 2, value: 2.5 },
      { id: 3, value: "2025-03-30" },
      { id: 4, value: "2025-03-30T07:30:00.000Z" },
      { id: 5, value: 2 },
      { id: 6, value: [1, 3] },
      { id: 7, value: true },
    ]);

    const refused: [{ id: number; value: unknown }, string][] = [
      [{ id: 5, value: 9 }, "9 is not an option of Size"],
      [{ id: 6, value: [1, 4] }, "4 is not an option of Parts"],
      [{ id: 2, value: 12 }, "Pressure must be at most 10"],
      [{ id: 2, value: 2.25 }, "Pressure takes at most 1 decimals"],
      [{ id: 2, value: "2" }, "Pressure must be a number"],
      [{ id: 3, value: "30.03.2025" }, "Due must be a date written YYYY-MM-DD"],
      [{ id: 4, value: "2025-03-30T09:30" }, "Visit must be a date and time in ISO 8601 with its offset, such as 2025-03-30T09:30:00Z"],
      [{ id: 7, value: "yes" }, "Checked must be true or false"],
      [{ id: 1, value: 12 }, "Serial must be text"],
    ];
    for (const [entry, message] of refused) {
      const res = await create(org.cookie, type.id, [entry]);
      expect(res.status, message).toBe(400);
      expect(res.body.errors).toEqual([{ path: "fields.0.value", message }]);
    }
    const edited = await patchProjectAs(org.cookie, made.id, { fields: [{ id: 2, value: -1 }] });
    expect(edited.body.errors).toEqual([{ path: "fields.0.value", message: "Pressure must be at least 0" }]);
    // 0 is a number, not "no value"; an unchecked checkbox is no value.
    const zero = await patchProjectAs(org.cookie, made.id, { fields: [{ id: 2, value: 0 }, { id: 7, value: false }] });
    expect(zero.status).toBe(200);
    expect(zero.body.fields).toEqual([{ id: 2, value: 0 }]);
  });

  it("keeps each kind's settings, reads fields saved before kinds as text, and protects values from kind and option changes", async () => {
    const { org, type } = await world();
    const bad = await patchProjectType(org.cookie, type.id, { fields: [{ id: 1, title: "Due", kind: "date", validation: "x" }] });
    expect(bad.status).toBe(400);
    expect(bad.body.errors).toEqual([{ path: "fields.0.validation", message: "validation does not apply to this kind of field" }]);
    const noOptions = await patchProjectType(org.cookie, type.id, { fields: [{ id: 1, title: "Size", kind: "single_choice", options: [] }] });
    expect(noOptions.body.errors).toEqual([{ path: "fields.0.options", message: "A choice needs at least one option" }]);

    // A definition as stored before kinds: no kind, a pattern.
    const db = await getDb();
    const legacy = [{ id: 1, title: "Serial", description: "", required: true, validation: "[A-Z]{2}\\d{2}" }];
    await db.update(projectType).set({ fields: sql`${JSON.stringify(legacy)}::jsonb` }).where(eq(projectType.id, type.id));
    expect((await create(org.cookie, type.id, [{ id: 1, value: "ab" }])).body.errors).toEqual([
      { path: "fields.0.value", message: "Serial does not have the expected format" },
    ]);
    await makeProject(org.cookie, { type: type.id, fields: [{ id: 1, value: "AB12" }] });

    const asNumber = await patchProjectType(org.cookie, type.id, { fields: [{ id: 1, title: "Serial", kind: "number" }] });
    expect(asNumber.status).toBe(409);
    expect(asNumber.body.details).toContain('Field "Serial" cannot become another kind while 1 project holds values of it');

    const kept = [{ ...legacy[0], required: false }, ...FIELDS.slice(1)];
    expect((await patchProjectType(org.cookie, type.id, { fields: kept })).status).toBe(200);
    await makeProject(org.cookie, { type: type.id, fields: [{ id: 6, value: [2] }] });
    const dropPump = kept.map((field) => (field.id === 6 ? { ...field, options: [{ id: 1, label: "Valve" }] } : field));
    const dropped = await patchProjectType(org.cookie, type.id, { fields: dropPump });
    expect(dropped.status).toBe(409);
    expect(dropped.body.details).toContain('Option "Pump" of field "Parts" is still chosen in 1 project');
    const renamedOptions = [
      { id: 1, label: "Valve" },
      { id: 2, label: "Circulation pump" },
    ];
    const renamed = kept.map((field) => (field.id === 6 ? { ...field, options: renamedOptions } : field));
    expect((await patchProjectType(org.cookie, type.id, { fields: renamed })).status).toBe(200);
  });

  it("checks workflow values by kind: requirements, effects and inputs", async () => {
    const { org, type } = await world();
    const wf = (effects: object[], extra: object = {}) => ({ id: 1, title: "Close", requirements: [], inputs: [], effects, ...extra });
    const outOfRange = await patchProjectType(org.cookie, type.id, { workflows: [wf([{ type: "field_set", fields: [{ id: 2, value: 11 }] }])] });
    expect(outOfRange.body.errors).toEqual([
      { path: "workflows.0.effects.0.fields.0.value", message: 'Workflow "Close" sets Pressure to a value its validation refuses' },
    ]);
    const badChoice = await patchProjectType(org.cookie, type.id, {
      workflows: [wf([], { requirements: [{ type: "field_eq", fields: [{ id: 5, value: 7 }] }] })],
    });
    expect(badChoice.body.errors).toEqual([
      { path: "workflows.0.requirements.0.fields.0.value", message: 'Workflow "Close" compares Size with a value it cannot hold' },
    ]);
    const close = wf([{ type: "status_set", value: 2 }, { type: "field_set", fields: [{ id: 7, value: true }, { id: 4, value: "2025-06-01T08:00:00+02:00" }] }], {
      requirements: [{ type: "field_eq", fields: [{ id: 6, value: [2, 1] }] }],
      inputs: [{ type: "field", fields: [{ id: 2, required: true }] }],
    });
    expect((await patchProjectType(org.cookie, type.id, { workflows: [close] })).status).toBe(200);
    const made = await makeProject(org.cookie, { type: type.id, fields: [{ id: 6, value: [1, 2] }] });
    const run = (fields: object[]) =>
      call(runRoute, "POST", `/project/${made.id}/workflow/1`, { cookie: org.cookie, params: { id: made.id, workflowId: "1" }, body: { fields } });
    expect((await run([{ id: 2, value: 10.5 }])).body.errors).toEqual([{ path: "fields.0.value", message: "Pressure must be at most 10" }]);
    const ran = await run([{ id: 2, value: 9.5 }]);
    expect(ran.status).toBe(200);
    expect(ran.body.fields).toEqual([
      { id: 6, value: [1, 2] },
      { id: 7, value: true },
      { id: 4, value: "2025-06-01T06:00:00.000Z" },
      { id: 2, value: 9.5 },
    ]);
  });

  it("filters and sorts the list by a field's value, with projects without one last", async () => {
    const { org, type } = await world();
    const other = await makeType(org.cookie, { statuses: STATUSES, fields: [{ id: 2, title: "Code" }] }, "Other");
    await makeProject(org.cookie, { type: other.id, title: "Elsewhere", fields: [{ id: 2, value: "x" }] });
    const rows: [string, { id: number; value: unknown }[]][] = [
      ["Nine", [{ id: 2, value: 9 }, { id: 3, value: "2025-01-09" }, { id: 5, value: 2 }, { id: 1, value: "AB12" }]],
      ["Ten", [{ id: 2, value: 10 }, { id: 3, value: "2024-12-31" }, { id: 5, value: 1 }, { id: 7, value: true }, { id: 6, value: [2, 3] }]],
      ["Two", [{ id: 2, value: 2 }, { id: 4, value: "2025-03-30T07:30:00Z" }, { id: 6, value: [1] }, { id: 1, value: "CD34" }]],
      ["None", []],
    ];
    for (const [title, fields] of rows) await makeProject(org.cookie, { type: type.id, title, fields });
    const of = (query: Record<string, string | string[]>) => list(org.cookie, { type: type.id, ...query });

    // By value, not text: 2 < 9 < 10.
    expect(titles(await of({ sort: "field.2:asc" }))).toEqual(["Two", "Nine", "Ten", "None"]);
    expect(titles(await of({ sort: "field.2:desc" }))).toEqual(["Ten", "Nine", "Two", "None"]);
    // Projects without a value come last in either direction (in id order among themselves).
    const firstTwo = async (sort: string) => titles(await of({ sort })).slice(0, 2);
    expect(await firstTwo("field.3:asc")).toEqual(["Ten", "Nine"]);
    expect(await firstTwo("field.3:desc")).toEqual(["Nine", "Ten"]);
    expect(await firstTwo("field.4:desc")).toEqual(["Two", expect.any(String)]);
    // Options sort in the field's order: Small (1) before Large (2).
    expect(await firstTwo("field.5:asc")).toEqual(["Ten", "Nine"]);
    expect(await firstTwo("field.1:desc")).toEqual(["Two", "Nine"]);
    expect(await firstTwo("field.7:desc")).toEqual(["Ten", expect.any(String)]);
    // Pages past the first are read by skip: each row comes once.
    const first = await of({ sort: "field.2:asc", limit: "2" });
    expect(first.body.next).toBeUndefined();
    expect(titles(await of({ sort: "field.2:asc", limit: "2", skip: "2" }))).toEqual(["Ten", "None"]);

    const filtered = async (...conditions: string[]) => titles(await of({ field: conditions, sort: "title:asc" }));
    expect(await filtered("2:gte:9")).toEqual(["Nine", "Ten"]);
    expect(await filtered("2:gte:2.5", "2:lte:9.5")).toEqual(["Nine"]);
    expect(await filtered("3:lte:2025-01-01")).toEqual(["Ten"]);
    expect(await filtered("4:gte:2025-03-30T09:00:00+02:00")).toEqual(["Two"]);
    expect(await filtered("5:in:2")).toEqual(["Nine"]);
    expect(await filtered("6:in:1,3")).toEqual(["Ten", "Two"]);
    expect(await filtered("7:eq:true")).toEqual(["Ten"]);
    expect(await filtered("7:eq:false")).toEqual(["Nine", "None", "Two"]);
    expect(await filtered("1:contains:cd")).toEqual(["Two"]);
    expect(await filtered("1:unset")).toEqual(["None", "Ten"]);

    const refused = async (query: Record<string, string | string[]>, path: string, message: string) => {
      const res = await list(org.cookie, query);
      expect(res.status, JSON.stringify(query)).toBe(400);
      expect(res.body.errors).toEqual([{ path, message }]);
    };
    await refused({ sort: "field.2:asc" }, "sort", "Filter or sort on a custom field together with exactly one project type");
    await refused({ type: [type.id, other.id], field: "2:gte:1" }, "field", "Filter or sort on a custom field together with exactly one project type");
    await refused({ type: type.id, field: "9:set" }, "field.0", "This project type has no field 9");
    await refused({ type: type.id, sort: "field.9:asc" }, "sort", "This project type has no field 9");
    await refused({ type: type.id, field: "2:gte:ten" }, "field.0", "Pressure cannot be filtered with gte and this value");
    await refused({ type: type.id, field: "5:contains:S" }, "field.0", "Size cannot be filtered with contains and this value");
    await refused({ type: type.id, sort: "field.6:asc" }, "sort", "Parts holds several options and cannot be sorted by");
    await refused({ type: type.id, field: "two:set" }, "field.0", "A field filter is a field id, an operator and a value, separated by colons, such as 2:gte:10");
    await refused({ type: type.id, sort: "pressure:asc" }, "sort", "Sort must be one of created, updated, title, name, or field. and a field id (field.2), then :asc or :desc");
  });

  it("exports each kind in a form the import reads back, and imports options by label", async () => {
    const { org, type } = await world();
    const values = [
      { id: 1, value: "AB12" },
      { id: 2, value: 2.5 },
      { id: 3, value: "2025-03-30" },
      { id: 4, value: "2025-03-30T07:30:00.000Z" },
      { id: 5, value: 2 },
      { id: 6, value: [1, 3] },
      { id: 7, value: true },
    ];
    const made = await makeProject(org.cookie, { type: type.id, title: "Original", fields: values });
    // As the list's CSV export writes its Fields column (components/project/project-browse.tsx).
    const exported = made.fields.map((field) => `${field.id}=${fieldValueText(field.value)}`).join("; ");
    expect(exported).toBe("1=AB12; 2=2.5; 3=2025-03-30; 4=2025-03-30T07:30:00.000Z; 5=2; 6=1,3; 7=true");
    const header = ["Title", "Type", "Fields"];
    const send = (rows: string[][]) =>
      call(importProjects, "POST", "/project/import", {
        cookie: org.cookie,
        body: importForm({ name: "projects.csv", content: csvText([header, ...rows]) }, { mappings: { title: 0, type: 1, fields: 2 } }),
      });
    const res = await send([
      ["Copy", type.id, exported],
      ["By label", type.id, "5=large; 6=Gasket, valve; 7=yes; 2=3"],
    ]);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    const db = await getDb();
    const rows = await db.select().from(project).where(eq(project.organizationId, org.organizationId)).orderBy(project.title);
    expect(rows.map((row) => [row.title, row.fields])).toEqual([
      ["By label", [{ id: 5, value: 2 }, { id: 6, value: [1, 3] }, { id: 7, value: true }, { id: 2, value: 3 }]],
      ["Copy", values],
      ["Original", values],
    ]);

    const bad = await send([["Bad", type.id, "2=2,5; 5=Huge; 3=30/03/2025"]]);
    expect(bad.status).toBe(422);
    const messages = bad.body.skipped[0].errors.map((error: { message: string }) => error.message);
    expect(messages).toEqual(["Pressure must be a number", "Huge is not an option of Size", "Due must be a date written YYYY-MM-DD"]);
  });
});

import { expect } from "vitest";
import { GET as getHistory } from "@/app/api/api/history/route";
import { PATCH as patchProject } from "@/app/api/api/project/[id]/route";
import { POST as postProject } from "@/app/api/api/project/route";
import { PATCH as patchType } from "@/app/api/api/project_type/[id]/route";
import { POST as postType } from "@/app/api/api/project_type/route";
import { call } from "./api";

/** A boiler service: three statuses, a required serial number with a pattern, optional notes. */
export const BOILER = {
  statuses: [
    { id: 1, title: "Requested" },
    { id: 2, title: "Scheduled" },
    { id: 3, title: "Done" },
  ],
  fields: [
    { id: 1, title: "Serial number", required: true, validation: "[A-Z]{2}\\d{4}" },
    { id: 2, title: "Notes" },
  ],
};

/** Creates a project type through the API, then gives it its definition. */
export async function makeType(cookie: string, definition: Record<string, unknown> = BOILER, name = "Boiler service") {
  const made = await call(postType, "POST", "/project_type", { cookie, body: { name, icon: "flame" } });
  expect(made.status, JSON.stringify(made.body)).toBe(201);
  const id = made.body.id as string;
  const res = await call(patchType, "PATCH", `/project_type/${id}`, { cookie, params: { id }, body: definition });
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return res.body as { id: string; statuses: { id: number }[]; workflows: { id: number }[] };
}

export function patchProjectType(cookie: string, id: string, body: Record<string, unknown>) {
  return call(patchType, "PATCH", `/project_type/${id}`, { cookie, params: { id }, body });
}

export async function makeProject(cookie: string, body: Record<string, unknown>) {
  const res = await call(postProject, "POST", "/project", { cookie, body: { title: "Service at No. 7", ...body } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; status: number; fields: { id: number; value: string }[]; owner: string | null };
}

export function patchProjectAs(cookie: string, id: string, body: Record<string, unknown>) {
  return call(patchProject, "PATCH", `/project/${id}`, { cookie, params: { id }, body });
}

export async function historyOf(cookie: string, type: "project" | "project_type", id: string) {
  const res = await call(getHistory, "GET", "/history", { cookie, query: { type, id } });
  expect(res.status).toBe(200);
  return res.body.items as { action: string; changes: Record<string, [unknown, unknown]>; member: { id: string } }[];
}

export const paths = (res: { body: { errors?: { path: string }[] } }) => (res.body.errors ?? []).map((error) => error.path);

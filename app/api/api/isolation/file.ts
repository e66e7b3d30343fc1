import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { GET as downloadFile } from "@/app/api/api/file/[id]/download/route";
import { GET as getFile, PATCH as patchFile } from "@/app/api/api/file/[id]/route";
import { GET as listFiles, POST as uploadFile } from "@/app/api/api/file/route";
import { GET as getFileStats } from "@/app/api/api/file_stats/route";
import { dataDir } from "@/lib/server/env";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED } from "@/test/answers";
import { ids, refusedRead, refusedWrite, type Row } from "@/test/isolation/cases";
import { expectCreated, pngForm } from "@/test/isolation/world";

const ORGANIZATION_WIDE = "files belong to the organization as a whole (db/schema/file.ts), not to a location";
const NO_SHARING = "files have no sharing level";

const remove = (cookie: string | undefined, id: string) =>
  call(patchFile, "PATCH", `/file/${id}`, { cookie, params: { id }, body: { removed: true } });

/** Files: the organization's, readable by each of its members wherever they work; removal by the uploader or an admin. */
export const fileRows: Row[] = [
  {
    method: "GET",
    route: "/file",
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => call(listFiles, "GET", "/file")),
      "other organization": async (w) => {
        for (const actor of w.actors) {
          const listed = ids(await call(listFiles, "GET", "/file", { cookie: actor.cookie, query: { limit: "10000" } }));
          expect(listed, actor.key).toContain(w.files.a);
          expect(listed, actor.key).not.toContain(w.files.b);
          // Naming B's file does not bring it in.
          expect(ids(await call(listFiles, "GET", "/file", { cookie: actor.cookie, query: { id: w.files.b } })), actor.key).toEqual([]);
        }
        expect(ids(await call(listFiles, "GET", "/file", { cookie: w.outsider.cookie, query: { limit: "10000" } }))).not.toContain(w.files.a);
      },
      "location cannot see": ORGANIZATION_WIDE,
      "view-only": NO_SHARING,
      "missing privilege": "every active member may list the organization's files (ARCHITECTURE.md §4)",
    },
  },
  {
    method: "GET",
    route: "/file_stats",
    cases: {
      "no session": async () => refusedRead("anonymous stats", UNAUTHORIZED, () => call(getFileStats, "GET", "/file_stats")),
      "other organization": async (w) => {
        // Each organization counts only its own bytes: B's one picture, whatever A keeps.
        const own = await call(getFileStats, "GET", "/file_stats", { cookie: w.outsider.cookie });
        expect(own.status).toBe(200);
        const bSize = fs.statSync(path.join(dataDir(), "files", w.b.organizationId, w.files.b)).size;
        expect(own.body.size).toBe(bSize);
      },
      "location cannot see": ORGANIZATION_WIDE,
      "view-only": NO_SHARING,
      "missing privilege": "every active member may see the organization's storage use",
    },
  },
  {
    method: "POST",
    route: "/file",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous upload", UNAUTHORIZED, () => call(uploadFile, "POST", "/file", { body: pngForm() })),
      "other organization": async (w) => {
        // What B uploads belongs to B and is stored under B; A cannot read it.
        const res = await call(uploadFile, "POST", "/file", { cookie: w.outsider.cookie, body: pngForm("b2.png") });
        const id = expectCreated(res);
        expect(fs.existsSync(path.join(dataDir(), "files", w.b.organizationId, id))).toBe(true);
        expect(fs.existsSync(path.join(dataDir(), "files", w.a.organizationId, id))).toBe(false);
        await refusedRead("A reads B's new file", notFound("File"), () => call(getFile, "GET", `/file/${id}`, { cookie: w.a.cookie, params: { id } }));
      },
      "location cannot see": ORGANIZATION_WIDE,
      "view-only": NO_SHARING,
      "missing privilege": "every active member may upload files (ARCHITECTURE.md §4)",
    },
  },
  {
    method: "PATCH",
    route: "/file/[id]",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous removal", UNAUTHORIZED, () => remove(undefined, w.files.a)),
      "other organization": async (w) => {
        await refusedWrite(w, "outsider removes A's file", notFound("File"), () => remove(w.outsider.cookie, w.files.a));
        for (const actor of w.actors.filter((a) => a.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} removes B's file`, notFound("File"), () => remove(actor.cookie, w.files.b));
        }
      },
      "location cannot see": ORGANIZATION_WIDE,
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        // A's founder uploaded the file: members who are neither its uploader nor admins are refused.
        const refusal = { status: 403, message: "Only the member who uploaded this file or an admin can remove it" };
        for (const actor of w.actors.filter((a) => !a.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} removes the founder's file`, refusal, () => remove(actor.cookie, w.files.a));
        }
      },
    },
  },
  ...([
    ["/file/[id]", getFile, (id: string) => `/file/${id}`],
    ["/file/[id]/download", downloadFile, (id: string) => `/file/${id}/download`],
  ] as const).map(
    ([route, handler, url]): Row => ({
      method: "GET",
      route,
      cases: {
        "no session": async (w) => refusedRead("anonymous", UNAUTHORIZED, () => call(handler, "GET", url(w.files.a), { params: { id: w.files.a } })),
        "other organization": async (w) => {
          await refusedRead("outsider reads A's file", notFound("File"), () => call(handler, "GET", url(w.files.a), { cookie: w.outsider.cookie, params: { id: w.files.a } }));
          for (const actor of w.actors) {
            await refusedRead(`${actor.key} reads B's file`, notFound("File"), () => call(handler, "GET", url(w.files.b), { cookie: actor.cookie, params: { id: w.files.b } }));
          }
          // Its owner can (the refusals above are about the organization, not the file).
          expect((await call(handler, "GET", url(w.files.b), { cookie: w.outsider.cookie, params: { id: w.files.b } })).status).toBe(200);
        },
        "location cannot see": ORGANIZATION_WIDE,
        "view-only": NO_SHARING,
        "missing privilege": async (w) => {
          // Reading needs no privilege, from any location.
          for (const actor of w.actors.filter((a) => a.set === "none")) {
            expect((await call(handler, "GET", url(w.files.a), { cookie: actor.cookie, params: { id: w.files.a } })).status, actor.key).toBe(200);
          }
        },
      },
    }),
  ),
];

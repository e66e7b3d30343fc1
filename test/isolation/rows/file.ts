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
import { actorOf, asScript, expectedSight, fileWorld, listedFiles, LOOSE_UPLOADER, type FileWorld } from "@/test/isolation/files";
import { expectCreated, pngForm, type World } from "@/test/isolation/world";

const NO_SHARING = "files have no sharing level of their own: they follow where they are used (lib/services/file-visibility.ts)";
const FILE_KEYS = ["southCustomer", "picture", "loose"] as const satisfies (keyof FileWorld)[];
/** A member at North and the uploader of the loose file, whose API tokens must act as they do. */
const scripted = (w: World) => [actorOf(w, "none@north"), actorOf(w, LOOSE_UPLOADER)];

const remove = (cookie: string | undefined, id: string) =>
  call(patchFile, "PATCH", `/file/${id}`, { cookie, params: { id }, body: { removed: true } });

/**
 * Files: the organization's, each seen where it is used (lib/services/file-visibility.ts):
 * a South customer's file is hidden from North, the organization's picture seen by all,
 * an upload used nowhere by its uploader and admins; removal by the uploader or an admin.
 */
export const fileRows: Row[] = [
  {
    method: "GET",
    route: "/file",
    cases: {
      "no session": async () => refusedRead("anonymous list", UNAUTHORIZED, () => call(listFiles, "GET", "/file")),
      "other organization": async (w) => {
        const f = await fileWorld(w);
        for (const actor of w.actors) {
          const listed = ids(await call(listFiles, "GET", "/file", { cookie: actor.cookie, query: { limit: "10000" } }));
          expect(listed, actor.key).toContain(f.picture);
          expect(listed, actor.key).not.toContain(w.files.b);
          // Naming B's file does not bring it in.
          expect(ids(await call(listFiles, "GET", "/file", { cookie: actor.cookie, query: { id: w.files.b } })), actor.key).toEqual([]);
        }
        const outsiders = await listedFiles({ cookie: w.outsider.cookie });
        expect(outsiders).toContain(w.files.b);
        expect(outsiders.filter((id) => [w.files.a, ...Object.values(f)].includes(id))).toEqual([]);
      },
      "location cannot see": async (w) => {
        const f = await fileWorld(w);
        for (const actor of w.actors) {
          const listed = await listedFiles({ cookie: actor.cookie });
          const sight = expectedSight(actor);
          for (const key of FILE_KEYS) expect(listed.includes(f[key]), `${actor.key} lists ${key}`).toBe(sight[key]);
          // Naming a hidden file does not bring it in.
          for (const key of FILE_KEYS.filter((k) => !sight[k])) {
            expect(ids(await call(listFiles, "GET", "/file", { cookie: actor.cookie, query: { id: f[key] } })), `${actor.key} ${key}`).toEqual([]);
          }
        }
        // An API token lists what its member lists.
        for (const actor of scripted(w)) {
          const listed = await listedFiles(await asScript(actor));
          const sight = expectedSight(actor);
          for (const key of FILE_KEYS) expect(listed.includes(f[key]), `${actor.key}'s token lists ${key}`).toBe(sight[key]);
        }
      },
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        // Listing needs no privilege: a member without any lists what its place sees.
        const f = await fileWorld(w);
        for (const actor of w.actors.filter((a) => a.set === "none")) {
          const listed = await listedFiles({ cookie: actor.cookie });
          for (const key of FILE_KEYS) expect(listed.includes(f[key]), `${actor.key} lists ${key}`).toBe(expectedSight(actor)[key]);
        }
      },
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
      "location cannot see": async (w) => {
        // Each member counts the files it sees; admins count the whole organization, wherever they work.
        const f = await fileWorld(w);
        const sizeOf = async (id: string) => (await call(getFile, "GET", `/file/${id}`, { cookie: w.a.cookie, params: { id } })).body.size as number;
        const sizes = { founders: await sizeOf(w.files.a), southCustomer: await sizeOf(f.southCustomer), picture: await sizeOf(f.picture), loose: await sizeOf(f.loose) };
        const whole = sizes.founders + sizes.southCustomer + sizes.picture + sizes.loose;
        for (const actor of w.actors) {
          const sight = expectedSight(actor);
          const seen = FILE_KEYS.reduce((sum, key) => sum + (sight[key] ? sizes[key] : 0), 0);
          const res = await call(getFileStats, "GET", "/file_stats", { cookie: actor.cookie });
          expect(res.status).toBe(200);
          expect(res.body.size, actor.key).toBe(actor.privileges.includes("admin") ? whole : seen);
        }
        for (const actor of scripted(w)) {
          const byToken = await call(getFileStats, "GET", "/file_stats", await asScript(actor));
          expect(byToken.body.size, `${actor.key}'s token`).toBe(FILE_KEYS.reduce((sum, key) => sum + (expectedSight(actor)[key] ? sizes[key] : 0), 0));
        }
      },
      "view-only": NO_SHARING,
      "missing privilege": "every active member may see the storage use of the files it sees",
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
      "location cannot see": "an upload names no item: it is its uploader's until it is used (lib/services/file-visibility.ts)",
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
      "location cannot see": async (w) => {
        // What a member cannot see, it cannot remove either: the answer an unknown id gets.
        const f = await fileWorld(w);
        for (const actor of w.actors) {
          const sight = expectedSight(actor);
          for (const key of FILE_KEYS.filter((k) => !sight[k])) {
            await refusedWrite(w, `${actor.key} removes ${key}`, notFound("File"), () => remove(actor.cookie, f[key]));
          }
        }
        const script = await asScript(scripted(w)[0]);
        await refusedWrite(w, "a North token removes South's file", notFound("File"), () =>
          call(patchFile, "PATCH", `/file/${f.southCustomer}`, { ...script, params: { id: f.southCustomer }, body: { removed: true } }),
        );
      },
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        // A's founder uploaded the organization's picture, which everyone sees: members who are neither its uploader nor admins are refused.
        const f = await fileWorld(w);
        const refusal = { status: 403, message: "Only the member who uploaded this file or an admin can remove it" };
        for (const actor of w.actors.filter((a) => !a.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} removes the founder's picture`, refusal, () => remove(actor.cookie, f.picture));
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
        "location cannot see": async (w) => {
          const f = await fileWorld(w);
          for (const actor of w.actors) {
            const sight = expectedSight(actor);
            for (const key of FILE_KEYS) {
              const read = () => call(handler, "GET", url(f[key]), { cookie: actor.cookie, params: { id: f[key] } });
              if (sight[key]) expect((await read()).status, `${actor.key} reads ${key}`).toBe(200);
              else await refusedRead(`${actor.key} reads ${key}`, notFound("File"), read);
            }
          }
          // An API token reads what its member reads.
          for (const actor of scripted(w)) {
            const sight = expectedSight(actor);
            const script = await asScript(actor);
            for (const key of FILE_KEYS) {
              const read = () => call(handler, "GET", url(f[key]), { ...script, params: { id: f[key] } });
              if (sight[key]) expect((await read()).status, `${actor.key}'s token reads ${key}`).toBe(200);
              else await refusedRead(`${actor.key}'s token reads ${key}`, notFound("File"), read);
            }
          }
        },
        "view-only": NO_SHARING,
        "missing privilege": async (w) => {
          // Reading needs no privilege, from any location: the organization's picture is everyone's.
          const f = await fileWorld(w);
          for (const actor of w.actors.filter((a) => a.set === "none")) {
            expect((await call(handler, "GET", url(f.picture), { cookie: actor.cookie, params: { id: f.picture } })).status, actor.key).toBe(200);
          }
        },
      },
    }),
  ),
];

import fs from "node:fs";
import path from "node:path";
import { expect } from "vitest";
import { GET as downloadFile } from "@/app/api/api/file/[id]/download/route";
import { GET as getFile } from "@/app/api/api/file/[id]/route";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { GET as getHistory } from "@/app/api/api/history/route";
import { POST as rotateInboundToken } from "@/app/api/api/organization/[id]/inbound_token/route";
import { GET as getOrganization, PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { dataDir } from "@/lib/server/env";
import { call } from "@/test/api";
import { notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { ENTITIES, spec } from "@/test/isolation/entities";
import { HIDDEN, ITEM_KEYS, VIEW_ONLY } from "@/test/isolation/items";
import { expectCreated, pngForm } from "@/test/isolation/world";

function historyRow(): Row {
  const get = (cookie: string | undefined, type: string, id: string) => call(getHistory, "GET", "/history", { cookie, query: { type, id } });
  return {
    method: "GET",
    route: "/history",
    cases: {
      "no session": async (w) => {
        await refusedRead("anonymous organization history", UNAUTHORIZED, () => get(undefined, "organization", w.a.organizationId));
        for (const entity of ENTITIES) {
          await refusedRead(`anonymous ${entity}`, UNAUTHORIZED, () => get(undefined, spec(entity).historyType, w.items[entity].editDefault.id));
        }
      },
      "other organization": async (w) => {
        await refusedRead("outsider organization history", notFound("Organization"), () => get(w.outsider.cookie, "organization", w.a.organizationId));
        for (const entity of ENTITIES) {
          for (const key of ITEM_KEYS) {
            await refusedRead(`outsider ${entity} ${key}`, notFound(spec(entity).resource), () =>
              get(w.outsider.cookie, spec(entity).historyType, w.items[entity][key].id),
            );
          }
        }
        await refusedRead("outsider reads A's founder", notFound("Member"), () => get(w.outsider.cookie, "member", w.a.view.member.id));
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) {
          for (const entity of ENTITIES) {
            for (const key of HIDDEN) {
              await refusedRead(`${actor.key} ${entity} ${key}`, notFound(spec(entity).resource), () =>
                get(actor.cookie, spec(entity).historyType, w.items[entity][key].id),
              );
            }
          }
        }
      },
      "view-only": async (w) => {
        for (const actor of southWith(w)) {
          for (const entity of ENTITIES) {
            for (const key of VIEW_ONLY) {
              const res = await get(actor.cookie, spec(entity).historyType, w.items[entity][key].id);
              expect(res.status, `${actor.key} ${entity} ${key}`).toBe(200);
              expect(res.body.items.at(-1)).toMatchObject({ action: "created", changes: { [spec(entity).label]: [null, w.items[entity][key].name] } });
            }
          }
        }
      },
      "missing privilege": async (w) => {
        const reader = readerWithoutPrivileges(w);
        expect((await get(reader.cookie, "organization", w.a.organizationId)).status).toBe(200);
        for (const entity of ENTITIES) {
          for (const key of ITEM_KEYS) expect((await get(reader.cookie, spec(entity).historyType, w.items[entity][key].id)).status).toBe(200);
        }
      },
    },
  };
}

/** The organization itself, its history and its files: shared by the whole organization, never by location. */
export const organizationRows: Row[] = [
  historyRow(),
  {
    method: "GET",
    route: "/organization/[id]",
    cases: {
      "no session": async (w) =>
        refusedRead("anonymous", UNAUTHORIZED, () =>
          call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { params: { id: w.a.organizationId } }),
        ),
      "other organization": async (w) => {
        await refusedRead("outsider", notFound("Organization"), () =>
          call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: w.outsider.cookie, params: { id: w.a.organizationId } }),
        );
        for (const actor of w.actors) {
          await refusedRead(`${actor.key} reads B`, notFound("Organization"), () =>
            call(getOrganization, "GET", `/organization/${w.b.organizationId}`, { cookie: actor.cookie, params: { id: w.b.organizationId } }),
          );
        }
      },
      "location cannot see": async (w) => {
        // The organization is visible at every location of it.
        for (const actor of southWith(w)) {
          const res = await call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: actor.cookie, params: { id: w.a.organizationId } });
          expect(res.body.id, actor.key).toBe(w.a.organizationId);
        }
      },
      "view-only": "the organization itself has no sharing level",
      "missing privilege": async (w) => {
        const reader = readerWithoutPrivileges(w);
        const res = await call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: reader.cookie, params: { id: w.a.organizationId } });
        expect(res.status).toBe(200);
        expect(res.body.name).toBe("Alpha Joinery");
        // The inbound address is a secret of admins: without admin the field is absent, wherever the member works.
        for (const actor of w.actors) {
          const seen = await call(getOrganization, "GET", `/organization/${w.a.organizationId}`, { cookie: actor.cookie, params: { id: w.a.organizationId } });
          expect("inbound_email_url" in seen.body, actor.key).toBe(actor.privileges.includes("admin"));
        }
      },
    },
  },
  {
    method: "PATCH",
    route: "/organization/[id]",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () =>
          call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { params: { id: w.a.organizationId }, body: { name: "Hijacked" } }),
        ),
      "other organization": async (w) => {
        const connect = { oauth: { type: "google", code: "a-code", redirect_uri: "http://localhost:3000/organization/integrations", state: "a-state" } };
        for (const body of [{ name: "Hijacked" }, { color: "#E54D2E" }, { image: w.files.b }, { oauth: null }, connect]) {
          await refusedWrite(w, `outsider ${JSON.stringify(body)}`, notFound("Organization"), () =>
            call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { cookie: w.outsider.cookie, params: { id: w.a.organizationId }, body }),
          );
        }
        // A's admin cannot use B's file as A's logo.
        await refusedWrite(w, "B's file as A's image", { status: 400, message: "Invalid input", errors: [{ path: "image", message: "This file does not exist" }] }, () =>
          call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { cookie: w.a.cookie, params: { id: w.a.organizationId }, body: { image: w.files.b } }),
        );
      },
      "location cannot see": "the organization is visible from each of its locations; only the admin privilege decides",
      "view-only": "the organization has no sharing level; only the admin privilege decides",
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "admin")) {
          await refusedWrite(w, `${actor.key}`, permission("admin"), () =>
            call(patchOrganization, "PATCH", `/organization/${w.a.organizationId}`, { cookie: actor.cookie, params: { id: w.a.organizationId }, body: { name: "Hijacked", color: "#E54D2E" } }),
          );
        }
      },
    },
  },
  {
    method: "POST",
    route: "/organization/[id]/inbound_token",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () =>
          call(rotateInboundToken, "POST", `/organization/${w.a.organizationId}/inbound_token`, { params: { id: w.a.organizationId }, body: {} }),
        ),
      "other organization": async (w) => {
        await refusedWrite(w, "outsider rotates A's address", notFound("Organization"), () =>
          call(rotateInboundToken, "POST", `/organization/${w.a.organizationId}/inbound_token`, { cookie: w.outsider.cookie, params: { id: w.a.organizationId }, body: {} }),
        );
        for (const actor of w.actors.filter((a) => a.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} rotates B's address`, notFound("Organization"), () =>
            call(rotateInboundToken, "POST", `/organization/${w.b.organizationId}/inbound_token`, { cookie: actor.cookie, params: { id: w.b.organizationId }, body: {} }),
          );
        }
      },
      "location cannot see": "the organization is visible from each of its locations; only the admin privilege decides",
      "view-only": "the organization has no sharing level; only the admin privilege decides",
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "admin")) {
          await refusedWrite(w, `${actor.key}`, permission("admin"), () =>
            call(rotateInboundToken, "POST", `/organization/${w.a.organizationId}/inbound_token`, { cookie: actor.cookie, params: { id: w.a.organizationId }, body: {} }),
          );
        }
      },
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
      "location cannot see": "files belong to the organization as a whole (db/schema/file.ts), not to a location",
      "view-only": "files have no sharing level",
      "missing privilege": "every active member may upload files (ARCHITECTURE.md §4)",
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
        "location cannot see": "files belong to the organization as a whole (db/schema/file.ts), not to a location",
        "view-only": "files have no sharing level",
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

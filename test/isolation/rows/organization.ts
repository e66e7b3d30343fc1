import { expect } from "vitest";
import { GET as getHistory } from "@/app/api/api/history/route";
import { POST as rotateInboundToken } from "@/app/api/api/organization/[id]/inbound_token/route";
import { GET as getOrganization, PATCH as patchOrganization } from "@/app/api/api/organization/[id]/route";
import { call } from "@/test/api";
import { notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { ENTITIES, spec } from "@/test/isolation/entities";
import { HIDDEN, ITEM_KEYS, VIEW_ONLY } from "@/test/isolation/items";

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

/** The organization itself and its history: shared by the whole organization, never by location. */
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
];

import { expect } from "vitest";
import { POST as previewRoute } from "@/app/api/api/organization/[id]/automatic_messages/preview/route";
import { GET as getSettings, PATCH as patchSettings } from "@/app/api/api/organization/[id]/automatic_messages/route";
import { POST as testRoute } from "@/app/api/api/organization/[id]/automatic_messages/test/route";
import { call } from "@/test/api";
import { notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { lacking, readerWithoutPrivileges, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import type { World } from "@/test/isolation/world";

const path = (id: string, tail = "") => `/organization/${id}/automatic_messages${tail}`;
type Request = (cookie: string | undefined, id: string) => ReturnType<typeof call>;

const read: Request = (cookie, id) => call(getSettings, "GET", path(id), { cookie, params: { id } });
const change: Request = (cookie, id) => call(patchSettings, "PATCH", path(id), { cookie, params: { id }, body: { enabled: false, triggers: { booked: { sms: "Hijacked" } } } });
const preview: Request = (cookie, id) => call(previewRoute, "POST", path(id, "/preview"), { cookie, params: { id }, body: { trigger: "booked", sms: "{{organization.name}}" } });
const test: Request = (cookie, id) => call(testRoute, "POST", path(id, "/test"), { cookie, params: { id }, body: { trigger: "booked", channels: ["email"] } });

const ORGANIZATION_WIDE = "organization-wide settings are the same at each of its locations; only the privilege decides";
const NO_SHARING = "organization-wide settings have no sharing level";

/**
 * An organization-wide setting readable by every member of the organization, by no one else;
 * `organizationName` finds the organization's name in the answer where it names it (the
 * preview fills in another organization's name never).
 */
export function readRow(method: string, route: string, request: Request, organizationName?: (res: Awaited<ReturnType<Request>>) => string): Row {
  return {
    method,
    route,
    cases: {
      "no session": (w) => refusedRead("anonymous", UNAUTHORIZED, () => request(undefined, w.a.organizationId)),
      "other organization": async (w) => {
        await refusedRead("outsider reads A's", notFound("Organization"), () => request(w.outsider.cookie, w.a.organizationId));
        for (const actor of w.actors) await refusedRead(`${actor.key} reads B's`, notFound("Organization"), () => request(actor.cookie, w.b.organizationId));
        // The outsider's own answer is about its own organization.
        const own = await request(w.outsider.cookie, w.b.organizationId);
        expect(own.status).toBe(200);
        if (organizationName) expect(organizationName(own)).toBe("Beta Builders");
      },
      "location cannot see": async (w) => {
        for (const actor of southWith(w)) expect((await request(actor.cookie, w.a.organizationId)).status, actor.key).toBe(200);
      },
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        const res = await request(readerWithoutPrivileges(w).cookie, w.a.organizationId);
        expect(res.status).toBe(200);
        if (organizationName) expect(organizationName(res)).toBe("Alpha Joinery");
      },
    },
  };
}

/** An organization-wide setting changed (or tested) by the organization's admins only. */
export function adminRow(method: string, route: string, request: Request): Row {
  return {
    method,
    route,
    cases: {
      "no session": (w: World) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => request(undefined, w.a.organizationId)),
      "other organization": async (w: World) => {
        await refusedWrite(w, "outsider on A's", notFound("Organization"), () => request(w.outsider.cookie, w.a.organizationId));
        for (const actor of w.actors.filter((a) => a.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} on B's`, notFound("Organization"), () => request(actor.cookie, w.b.organizationId));
        }
      },
      "location cannot see": ORGANIZATION_WIDE,
      "view-only": NO_SHARING,
      "missing privilege": async (w: World) => {
        for (const actor of lacking(w, "admin")) await refusedWrite(w, actor.key, permission("admin"), () => request(actor.cookie, w.a.organizationId));
      },
    },
  };
}

/** Automatic message settings, their preview and test send: one organization's, whatever location a member works at. */
export const automaticMessagesRows: Row[] = [
  readRow("GET", "/organization/[id]/automatic_messages", read, (res) => res.body.sample["organization.name"]),
  adminRow("PATCH", "/organization/[id]/automatic_messages", change),
  readRow("POST", "/organization/[id]/automatic_messages/preview", preview, (res) => res.body.sms),
  adminRow("POST", "/organization/[id]/automatic_messages/test", test),
];

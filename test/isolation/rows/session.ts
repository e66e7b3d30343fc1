import crypto from "node:crypto";
import { expect } from "vitest";
import * as catchAll from "@/app/api/api/[...path]/route";
import { GET as listConversations } from "@/app/api/api/conversation/route";
import { GET as listCustomers } from "@/app/api/api/customer/route";
import { GET as getDashboard } from "@/app/api/api/dashboard/route";
import { GET as listInvoices } from "@/app/api/api/invoice/route";
import { GET as listProjects } from "@/app/api/api/project/route";
import { GET as listNotifications, PATCH as patchNotifications } from "@/app/api/api/notification/route";
import { DELETE as logOut, GET as getSession, PATCH as switchLocation } from "@/app/api/api/session/route";
import { call } from "@/test/api";
import { notFound, UNAUTHORIZED } from "@/test/answers";
import { actorsWhere, ids, refusedRead, refusedWrite, southWith, type Row } from "@/test/isolation/cases";
import { HIDDEN } from "@/test/isolation/items";
import { logInAs } from "@/test/fixtures";
import { snapshot } from "@/test/isolation/world";

const NOTIFICATIONS_HAVE_NO_SHARING = "notifications belong to one member; they have no sharing level";
const NO_PRIVILEGE_FOR_OWN = "every active member manages its own notifications; no privilege applies";

const EVER = "2000-01-01";

/** Each dashboard figure equals the length of the list it links to, for the same caller. */
async function figuresMatchLists(cookie: string, label: string) {
  const everything = { limit: "10000" };
  const dashboard = await call(getDashboard, "GET", "/dashboard", { cookie, query: { created_since: EVER } });
  expect(dashboard.status, label).toBe(200);
  const listed = async (handler: typeof listCustomers, path: string, query: Record<string, string>) =>
    ids(await call(handler, "GET", path, { cookie, query: { ...everything, ...query } })).length;
  const openCounted = dashboard.body.open_projects.flatMap((type: { statuses: { count: number }[] }) => type.statuses.map((s) => s.count));
  expect(openCounted.reduce((sum: number, n: number) => sum + n, 0), label).toBe(await listed(listProjects, "/project", { open: "true" }));
  expect(dashboard.body.new_projects, label).toBe(await listed(listProjects, "/project", { created_since: EVER }));
  expect(dashboard.body.new_customers, label).toBe(await listed(listCustomers, "/customer", { created_since: EVER }));
  expect(dashboard.body.unread_conversations, label).toBe(await listed(listConversations, "/conversation", { unread: "true" }));
  const invoices = async (status: string[]) =>
    ((await call(listInvoices, "GET", "/invoice", { cookie, query: { ...everything, status } })).body.items as { due: number; kind: string }[])
      .filter((item) => item.kind !== "credit_note")
      .reduce(
      (sum, item) => ({ count: sum.count + 1, due: sum.due + item.due }),
      { count: 0, due: 0 },
    );
  const open = await invoices(["issued", "sent", "partly_paid", "overdue"]);
  expect([dashboard.body.invoices.outstanding_count, dashboard.body.invoices.outstanding], label).toEqual([open.count, open.due]);
  const overdue = await invoices(["overdue"]);
  expect([dashboard.body.invoices.overdue_count, dashboard.body.invoices.overdue], label).toEqual([overdue.count, overdue.due]);
  return dashboard.body;
}

/** What belongs to the caller itself (its session, dashboard and notifications), and paths that are no endpoint. */
export const sessionRows: Row[] = [
  {
    method: "GET",
    route: "/dashboard",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(getDashboard, "GET", "/dashboard")),
      "other organization": async (w) => {
        const theirs = await figuresMatchLists(w.outsider.cookie, "outsider");
        expect(JSON.stringify(theirs)).not.toContain(w.a.organizationId);
      },
      "location cannot see": async (w) => {
        // Counted with the same rules as the lists: what a location cannot see is in neither.
        for (const actor of w.actors) await figuresMatchLists(actor.cookie, actor.key);
      },
      "view-only": "counts only; it names no shared item beyond the project types of projects the caller can see",
      "missing privilege": "every signed-in member sees the figures of what its lists show",
    },
  },
  {
    method: "GET",
    route: "/notification",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(listNotifications, "GET", "/notification")),
      "other organization": async (w) => {
        const seen = ids(await call(listNotifications, "GET", "/notification", { cookie: w.outsider.cookie }));
        expect(seen).toEqual([w.notifications.foreign]);
      },
      "location cannot see": async (w) => {
        // Another member's notifications are never visible, wherever it works.
        const colleague = w.actors.find((actor) => actor.key === "none@south")!;
        expect(ids(await call(listNotifications, "GET", "/notification", { cookie: colleague.cookie }))).toEqual([w.notifications.colleague]);
        for (const actor of w.actors.filter((other) => other !== colleague)) {
          expect(ids(await call(listNotifications, "GET", "/notification", { cookie: actor.cookie })), actor.key).toEqual([]);
        }
      },
      "view-only": NOTIFICATIONS_HAVE_NO_SHARING,
      "missing privilege": NO_PRIVILEGE_FOR_OWN,
    },
  },
  {
    method: "PATCH",
    route: "/notification",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () =>
          call(patchNotifications, "PATCH", "/notification", { body: { read: [w.notifications.founder], remove: [w.notifications.colleague] } }),
        ),
      "other organization": async (w) => {
        const before = await snapshot(w);
        const res = await call(patchNotifications, "PATCH", "/notification", {
          cookie: w.outsider.cookie,
          body: { read: [w.notifications.founder, w.notifications.colleague], remove: [w.notifications.founder, w.notifications.colleague] },
        });
        // Other members' ids are ignored, not reported.
        expect(res.status).toBe(204);
        expect(await snapshot(w)).toEqual(before);
      },
      "location cannot see": async (w) => {
        for (const actor of w.actors.filter((other) => other.key !== "none@south")) {
          const before = await snapshot(w);
          const res = await call(patchNotifications, "PATCH", "/notification", {
            cookie: actor.cookie,
            body: { read: [w.notifications.founder, w.notifications.colleague], remove: [w.notifications.founder, w.notifications.colleague] },
          });
          expect(res.status, actor.key).toBe(204);
          expect(await snapshot(w), actor.key).toEqual(before);
        }
      },
      "view-only": NOTIFICATIONS_HAVE_NO_SHARING,
      "missing privilege": NO_PRIVILEGE_FOR_OWN,
    },
  },
  {
    method: "GET",
    route: "/session",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(getSession, "GET", "/session")),
      "other organization": async (w) => {
        const res = await call(getSession, "GET", "/session", { cookie: w.outsider.cookie });
        expect(res.body.organization.id).toBe(w.b.organizationId);
        expect(JSON.stringify(res.body)).not.toContain(w.a.organizationId);
      },
      "location cannot see": async (w) => {
        // The switcher offers a member tied to South nothing but South (hidden locations are not named).
        const hidden = [w.north, ...HIDDEN.map((key) => w.items.location[key].id)];
        for (const actor of southWith(w).filter((actor) => !actor.privileges.includes("admin"))) {
          const res = await call(getSession, "GET", "/session", { cookie: actor.cookie });
          expect(res.body.locations, actor.key).toEqual([{ id: w.south, name: "South" }]);
          for (const id of hidden) expect(JSON.stringify(res.body), actor.key).not.toContain(id);
        }
      },
      "view-only": "returns the caller's own session; it names no shared item",
      "missing privilege": "every signed-in member reads its own session",
    },
  },
  {
    method: "PATCH",
    route: "/session",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () => call(switchLocation, "PATCH", "/session", { body: { location: w.north } })),
      "other organization": async (w) => {
        for (const id of [w.north, w.south]) {
          await refusedWrite(w, "outsider switches to A's location", notFound("Location"), () =>
            call(switchLocation, "PATCH", "/session", { cookie: w.outsider.cookie, body: { location: id } }),
          );
        }
        const mine = w.actors.find((actor) => actor.key === "none@organization")!;
        await refusedWrite(w, "A switches to B's location", notFound("Location"), () =>
          call(switchLocation, "PATCH", "/session", { cookie: mine.cookie, body: { location: w.harbour } }),
        );
      },
      "location cannot see": async (w) => {
        // A member tied to South cannot move; it gets the same answer for North (hidden from South),
        // an unknown id and B's location, so it learns nothing about which ids exist.
        const expected = { status: 403, message: "You can only work at your own location" };
        for (const actor of southWith(w).filter((actor) => !actor.privileges.includes("admin"))) {
          for (const id of [w.north, w.items.location.hidden.id, crypto.randomUUID(), w.harbour]) {
            await refusedWrite(w, `${actor.key} switches to ${id}`, expected, () =>
              call(switchLocation, "PATCH", "/session", { cookie: actor.cookie, body: { location: id } }),
            );
          }
        }
      },
      "view-only": "switching names a location, and locations are switched to by membership, not sharing",
      "missing privilege": async (w) => {
        // Only admin frees a member tied to a location.
        for (const actor of actorsWhere(w, (other) => other.place !== "organization" && !other.privileges.includes("admin"))) {
          await refusedWrite(w, `${actor.key} to organization level`, { status: 403, message: "You can only work at your own location" }, () =>
            call(switchLocation, "PATCH", "/session", { cookie: actor.cookie, body: { location: null } }),
          );
        }
      },
    },
  },
  {
    method: "DELETE",
    route: "/session",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous", UNAUTHORIZED, () => call(logOut, "DELETE", "/session")),
      "other organization": async (w) => {
        // Logging out ends only the caller's own session.
        const cookie = await logInAs(w.b.email);
        type SessionRow = { id: string; organizationId: string };
        const sessions = async () => (await snapshot(w)).session as SessionRow[];
        const before = await sessions();
        expect((await call(logOut, "DELETE", "/session", { cookie })).status).toBe(204);
        const after = await sessions();
        expect(after).toHaveLength(before.length - 1);
        expect(after.every((row) => before.some((old) => old.id === row.id))).toBe(true);
        const ofA = (rows: SessionRow[]) => rows.filter((row) => row.organizationId === w.a.organizationId);
        expect(ofA(after)).toEqual(ofA(before));
        expect((await call(getSession, "GET", "/session", { cookie: w.a.cookie })).status).toBe(200);
      },
      "location cannot see": "ends the caller's own session; it names no item",
      "view-only": "ends the caller's own session; it names no item",
      "missing privilege": "every signed-in member may log out",
    },
  },
  ...(["GET", "POST", "PATCH", "PUT", "DELETE"] as const).map(
    (method): Row => ({
      method,
      route: "/[...path]",
      cases: {
        "no session": async (w) => {
          const send = () =>
            call(catchAll[method], method, "/role/x/y", { params: { path: ["role", "x", "y"] } as unknown as Record<string, string>, body: method === "GET" ? undefined : {} });
          if (method === "GET") await refusedRead("unknown path", notFound("Resource"), send);
          else await refusedWrite(w, "unknown path", notFound("Resource"), send);
        },
        "other organization": async (w) => {
          const send = () =>
            call(catchAll[method], method, `/role/${w.items.role.editDefault.id}/members`, {
              cookie: w.outsider.cookie,
              params: { path: ["role", w.items.role.editDefault.id, "members"] } as unknown as Record<string, string>,
              body: method === "GET" ? undefined : {},
            });
          if (method === "GET") await refusedRead("unknown path", notFound("Resource"), send);
          else await refusedWrite(w, "unknown path", notFound("Resource"), send);
        },
        "location cannot see": "unknown paths answer 404 to everyone and touch nothing",
        "view-only": "unknown paths answer 404 to everyone and touch nothing",
        "missing privilege": "unknown paths answer 404 to everyone and touch nothing",
      },
    }),
  ),
];

/** Endpoints open without a session: they have no isolation row, and say why. */
export const PUBLIC: Record<string, string> = {
  "POST /session": "logging in is open to everyone and names no item (member status and rate limits: session tests)",
  "POST /otp/email": "requesting a sign-up code is open to everyone and names no item (signup tests)",
  "POST /otp/recovery": "requesting a recovery code is open to everyone and answers the same whether or not the address has an account (recovery tests)",
  "POST /session/recovery":
    "a recovery code proves the address and acts only on the accounts of that address (recovery tests)",
  "GET /session/providers": "which identity providers this server has a client for is the same for everyone, names no item and never loads a session (providers tests)",
  "POST /signup": "signing up creates a new organization and names no existing item (signup tests)",
  "GET /openapi.json": "the API description is the same document for everyone, names no item and never loads a session (lib/openapi/document.test.ts)",
  "GET /health": "liveness answers the same to everyone and reads no data (health tests)",
  "GET /health/ready":
    "readiness reports only whether this instance's database, migrations and jobs work, never a session or tenant data (health tests)",
  "POST /unsubscribe/[token]":
    "a signed link from a notification email turns off only the emails of the member it was made for, and answers nothing about it (unsubscribe tests)",
  "GET /public/quote/[token]":
    "a quote's link opens its one quote, found by the link's organization and document, never by anything in the request; another organization's, revoked and unknown links are the same 404 (public-quote tests)",
  "POST /public/quote/[token]":
    "an answer acts only on the quote its link opens and takes no ids in its body (unknown keys are 400); the link decides organization and quote (public-quote tests)",
  "GET /public/quote/[token]/pdf":
    "renders only the sent revision of the quote its link opens, with that quote's own answer (public-quote tests)",
  "GET /public/quote/[token]/logo":
    "answers only the logo file the quote's sent revision names, never a file id from the request (public-quote tests)",
  "GET /public/invoice/[token]":
    "an invoice's link opens its one issued invoice, found by the link's organization and document, never by anything in the request; another invoice's, a quote's, revoked and unknown links are the same 404 (public-invoice tests)",
  "GET /public/invoice/[token]/pdf": "renders only the issued document of the invoice its link opens (public-invoice tests)",
  "GET /public/invoice/[token]/logo":
    "answers only the logo file the invoice's issued document names, never a file id from the request (public-invoice tests)",
};

import crypto from "node:crypto";
import { expect } from "vitest";
import { DELETE as removeFeed } from "@/app/api/api/calendar_feed/[id]/route";
import { GET as listFeeds, POST as createFeed } from "@/app/api/api/calendar_feed/route";
import { GET as readFeed } from "@/app/api/api/calendar/[token]/route";
import { POST as postVisit } from "@/app/api/api/visit/route";
import { call, ORIGIN, randomIp } from "@/test/api";
import { notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { actorsWhere, holds, ids, refusedRead, refusedWrite, type Row } from "@/test/isolation/cases";
import type { World } from "@/test/isolation/world";

const NO_SHARING = "calendar feeds belong to one member; they have no sharing level";

async function makeFeed(cookie: string, location: string | null = null) {
  const res = await call(createFeed, "POST", "/calendar_feed", { cookie, body: { location } });
  expect(res.status, JSON.stringify(res.body)).toBe(201);
  return res.body as { id: string; url: string };
}

/** The uids of the visits a feed's address answers, as a calendar app reads them. */
async function feedUids(url: string): Promise<string[]> {
  const token = new URL(url).pathname.split("/").pop()!;
  const res = await readFeed(new Request(`${ORIGIN}/api/api/calendar/${token}`, { headers: { "x-craftdesk-peer": randomIp() } }), {
    params: Promise.resolve({ token }),
  });
  expect(res.status).toBe(200);
  return [...(await res.text()).matchAll(/^UID:(.+?)@craftdesk\r?$/gm)].map((match) => match[1]!);
}

const WEEK_MS = 7 * 86_400_000;

/** A visit of one of A's projects next week (within any feed's reach), scheduled by A's founder; 201 or the refusal the API gave. */
function scheduleInA(w: World, project: string, members: string[]) {
  const start = new Date(Date.now() + WEEK_MS);
  const end = new Date(start.getTime() + 3_600_000);
  return call(postVisit, "POST", "/visit", { cookie: w.a.cookie, body: { project, start: start.toISOString(), end: end.toISOString(), members } });
}

const remove = (cookie: string | undefined, id: string) => call(removeFeed, "DELETE", `/calendar_feed/${id}`, { cookie, params: { id } });

/** Calendar feeds: a member's own, or (admins) a location's; the feed's secret address reaches exactly its visits. */
export const calendarRows: Row[] = [
  {
    method: "GET",
    route: "/calendar/[token]",
    cases: {
      "no session": async () => {
        const token = crypto.randomBytes(32).toString("hex");
        await refusedRead("unknown address", notFound("Calendar feed"), () => call(readFeed, "GET", `/calendar/${token}`, { params: { token } }));
      },
      "other organization": async (w) => {
        const visit = await scheduleInA(w, w.items.project.editDefault.id, [w.a.view.member.id]);
        expect(visit.status, JSON.stringify(visit.body)).toBe(201);
        // B's own feed and B's location feed: nothing of A's, whatever A's visit is shared as.
        for (const url of [(await makeFeed(w.outsider.cookie)).url, (await makeFeed(w.outsider.cookie, w.harbour)).url]) {
          expect(await feedUids(url)).not.toContain(visit.body.id);
        }
        // And A's founder's own feed has it: the check above could fail.
        expect(await feedUids((await makeFeed(w.a.cookie)).url)).toContain(visit.body.id);
      },
      "location cannot see": async (w) => {
        // A colleague at south sent to a visit of a project south cannot see has it in their own feed, as in their
        // visit list (the technician's day); a colleague not sent there has nothing of it.
        const sent = actorsWhere(w, (actor) => actor.key === "none@south")[0]!;
        const notSent = actorsWhere(w, (actor) => actor.key === "projects_manage@south")[0]!;
        const hidden = await scheduleInA(w, w.items.project.hidden.id, [sent.id]);
        expect(hidden.status, JSON.stringify(hidden.body)).toBe(201);
        const shared = await scheduleInA(w, w.items.project.editOverride.id, [sent.id]);
        expect(shared.status, JSON.stringify(shared.body)).toBe(201);
        expect((await feedUids((await makeFeed(sent.cookie)).url)).sort()).toEqual([hidden.body.id, shared.body.id].sort());
        expect(await feedUids((await makeFeed(notSent.cookie)).url)).toEqual([]);
        // A location's feed holds that location's visits only, not those of north, shared with it or not.
        const admin = actorsWhere(w, (actor) => actor.key === "admin@south")[0]!;
        expect(await feedUids((await makeFeed(admin.cookie, w.south)).url)).toEqual([]);
        expect((await feedUids((await makeFeed(admin.cookie, w.north)).url)).sort()).toEqual([hidden.body.id, shared.body.id].sort());
      },
      "view-only": "the feed only reads; there is nothing it could write",
      "missing privilege": "a location's feed needs admin when it is made (POST /calendar_feed) and when it is read (calendar tests)",
    },
  },
  {
    method: "GET",
    route: "/calendar_feed",
    cases: {
      "no session": async () => refusedRead("anonymous", UNAUTHORIZED, () => call(listFeeds, "GET", "/calendar_feed")),
      "other organization": async (w) => {
        const { id } = await makeFeed(w.a.cookie);
        expect(ids(await call(listFeeds, "GET", "/calendar_feed", { cookie: w.outsider.cookie }))).not.toContain(id);
      },
      "location cannot see": async (w) => {
        const { id } = await makeFeed(w.a.cookie);
        for (const actor of w.actors) {
          expect(ids(await call(listFeeds, "GET", "/calendar_feed", { cookie: actor.cookie })), actor.key).not.toContain(id);
        }
      },
      "view-only": NO_SHARING,
      "missing privilege": "every active member lists its own feeds; no privilege applies",
    },
  },
  {
    method: "POST",
    route: "/calendar_feed",
    cases: {
      "no session": async (w) =>
        refusedWrite(w, "anonymous", UNAUTHORIZED, () => call(createFeed, "POST", "/calendar_feed", { body: { location: null } })),
      "other organization": async (w) => {
        for (const location of [w.north, w.south]) {
          await refusedWrite(w, `outsider names A's location`, notFound("Location"), () =>
            call(createFeed, "POST", "/calendar_feed", { cookie: w.outsider.cookie, body: { location } }),
          );
        }
      },
      "location cannot see": "a member's own feed names no item; a location's is for admins, who may work at any location",
      "view-only": NO_SHARING,
      "missing privilege": async (w) => {
        for (const actor of actorsWhere(w, (one) => !holds(one, "admin"))) {
          await refusedWrite(w, actor.key, permission("admin"), () =>
            call(createFeed, "POST", "/calendar_feed", { cookie: actor.cookie, body: { location: w.north } }),
          );
        }
      },
    },
  },
  {
    method: "DELETE",
    route: "/calendar_feed/[id]",
    cases: {
      "no session": async (w) => {
        const { id } = await makeFeed(w.a.cookie);
        await refusedWrite(w, "anonymous", UNAUTHORIZED, () => remove(undefined, id));
      },
      "other organization": async (w) => {
        const { id } = await makeFeed(w.a.cookie);
        await refusedWrite(w, "outsider", notFound("Calendar feed"), () => remove(w.outsider.cookie, id));
      },
      "location cannot see": async (w) => {
        // Colleagues of every place and role, admins included, get the answer an unknown id gets.
        const { id } = await makeFeed(w.a.cookie);
        for (const actor of w.actors) await refusedWrite(w, actor.key, notFound("Calendar feed"), () => remove(actor.cookie, id));
      },
      "view-only": NO_SHARING,
      "missing privilege": "every active member turns off its own feeds; no privilege applies",
    },
  },
];

import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { project } from "@/db/schema/project";
import { GET as listCustomers } from "@/app/api/api/customer/route";
import { GET as listProjects } from "@/app/api/api/project/route";
import { PERIODS_READ } from "@/lib/server/search-slices";
import { call, everyPage } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeType } from "@/test/projects";
import { reachKinds } from "@/test/reach-kinds";

const mailbox = useSmtpCatcher();

type Listed = { id: string; name?: string; title?: string };
const DAY = 24 * 60 * 60 * 1000;

const allPages = (route: typeof listProjects, path: string, cookie: string, query: Record<string, string>, limit: string) =>
  everyPage<Listed>(route, path, cookie, query, limit);

/**
 * Creation times from next year back to three years ago, so a search newest first reads rows
 * after the current period, the periods it reads one by one, and the older rows
 * (lib/server/search-slices.ts); some share a time (the id breaks the tie), some fall on
 * a period's first instant.
 */
function creationTimes() {
  const now = Date.now();
  const periodStart = Date.UTC(2000, 0, 1) + Math.floor((now - Date.UTC(2000, 0, 1)) / (30 * DAY)) * 30 * DAY;
  const times = [now + 400 * DAY, now + 31 * DAY, now, now, periodStart, periodStart - 1];
  for (let day = 9; day < 3 * 365; day += 13) times.push(now - day * DAY);
  times.push(periodStart - PERIODS_READ * 30 * DAY, periodStart - (PERIODS_READ - 1) * 30 * DAY, periodStart - (PERIODS_READ - 1) * 30 * DAY - 1);
  return times.map((at) => new Date(at));
}

// Which word matches which rows: "boiler" nearly all, "gutter" one row in nine, spread over
// the years, "attic" only rows older than the periods read one by one, "bo" too short for trigrams.
const WORDS = ["BOILER", "gutter", "attic", "bo", "nothing like it"];
function label(kind: number, i: number, oldest: boolean) {
  if (oldest && i % 5 === 0) return `Attic ${kind}.${i}`;
  return i % 9 === 4 ? `Gutter ${kind}.${i}` : `Boiler ${kind}.${i}`;
}

describe("a search newest first, period by period", () => {
  it("finds for every session exactly what its list holds, in the list's order, by cursor and by page", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const db = await getDb();
    const { north, south, others, kinds } = await reachKinds(organizationId);
    const times = creationTimes();
    const oldest = Date.now() - (PERIODS_READ + 1) * 30 * DAY;
    const rows = times.flatMap((createdAt, i) => {
      const [locationId, sharing] = kinds[i % kinds.length];
      const text = label(i % kinds.length, i, createdAt.getTime() < oldest);
      return [{ locationId, sharing, createdAt, text, removed: i % 11 === 3 }];
    });
    await db.insert(project).values(rows.map((row) => ({ organizationId, typeId: type.id, status: 1, title: row.text, locationId: row.locationId, sharing: row.sharing, createdAt: row.createdAt })));
    await db.insert(customer).values(
      rows.map((row) => ({ organizationId, name: row.text, locationId: row.locationId, sharing: row.sharing, createdAt: row.createdAt, status: row.removed ? ("removed" as const) : ("active" as const) })),
    );

    const sessions = {
      organization: cookie,
      north: await logInAs((await addMember(organizationId, { locationId: north.id })).email),
      south: await logInAs((await addMember(organizationId, { locationId: south.id })).email),
      other: await logInAs((await addMember(organizationId, { locationId: others[1].id })).email),
    };
    const lists = [
      { route: listProjects, path: "/project", text: (item: Listed) => item.title! },
      { route: listCustomers, path: "/customer", text: (item: Listed) => item.name! },
    ];
    for (const { route, path, text } of lists) {
      for (const [name, session] of Object.entries(sessions)) {
        const listed = await allPages(route, path, session, {}, "100");
        for (const word of WORDS) {
          const expected = listed.filter((item) => text(item).toLowerCase().includes(word.toLowerCase())).map((item) => item.id);
          const where = `${path} ${name} "${word}"`;
          expect(await allPages(route, path, session, { search: word }, "4").then((items) => items.map((item) => item.id)), where).toEqual(expected);
          const first = await call(route, "GET", path, { cookie: session, query: { search: word, limit: "7" } });
          expect(first.body.items.map((item: Listed) => item.id), where).toEqual(expected.slice(0, 7));
          const second = await call(route, "GET", path, { cookie: session, query: { search: word, limit: "7", page: "1" } });
          expect(second.body.items.map((item: Listed) => item.id), where).toEqual(expected.slice(7, 14));
          if (name !== "other" && (word === "attic" || word === "gutter")) expect(expected.length, where).toBeGreaterThan(2);
        }
      }
    }
  });
});

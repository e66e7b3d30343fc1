import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { project } from "@/db/schema/project";
import { GET as list } from "@/app/api/api/project/route";
import { everyPage } from "@/test/api";
import { addMember, logInAs, signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeType } from "@/test/projects";
import { reachKinds } from "@/test/reach-kinds";

const mailbox = useSmtpCatcher();

type Listed = { id: string; title: string };

const allPages = (cookie: string, query: Record<string, string>) => everyPage<Listed>(list, "/project", cookie, query);

// A location member's search reads the rows by their reach (db/schema/columns.ts) and merges the parts:
// it must find exactly the rows, in the order, that its list holds.
describe("a location member's project search", () => {
  it("finds what the member's list shows, for every kind of sharing, page by page", async () => {
    const { cookie, organizationId } = await signUpOrganization(mailbox);
    const type = await makeType(cookie);
    const db = await getDb();
    const { north, south, others, kinds } = await reachKinds(organizationId);
    // Three of each kind, some sharing a creation time (the id breaks the tie), one of them not matching.
    const start = Date.UTC(2026, 0, 1);
    const rows = kinds.flatMap(([locationId, sharing], kind) =>
      [0, 1, 2].map((copy) => ({
        organizationId,
        typeId: type.id,
        status: 1,
        title: copy === 2 && kind % 4 === 0 ? `Gutter ${kind}` : `Boiler ${kind}.${copy}`,
        locationId,
        sharing,
        createdAt: new Date(start + ((kind * 7 + copy * 11) % 13) * 60_000),
      })),
    );
    await db.insert(project).values(rows);
    const reaches = await db.select({ reach: project.reach }).from(project).where(eq(project.organizationId, organizationId));
    expect(new Set(reaches.map((row) => row.reach))).toEqual(new Set([north.id, south.id, "*", "+", "?", ""]));

    const sessions = {
      north: await logInAs((await addMember(organizationId, { locationId: north.id })).email),
      south: await logInAs((await addMember(organizationId, { locationId: south.id })).email),
      other: await logInAs((await addMember(organizationId, { locationId: others[1].id })).email),
      organization: cookie,
    };
    for (const [name, session] of Object.entries(sessions)) {
      const listed = await allPages(session, {});
      const expected = listed.filter((item) => item.title.toLowerCase().includes("boiler")).map((item) => item.title);
      const found = (await allPages(session, { search: "BOILER" })).map((item) => item.title);
      expect(found, name).toEqual(expected);
      expect(found.length, name).toBeGreaterThan(0);
      const ascending = (await allPages(session, { search: "boiler", sort: "created:asc" })).map((item) => item.title);
      expect(ascending, name).toEqual([...expected].reverse());
    }
    // What a member of the south branch sees, by kind: its own, every location's, those naming it with a level.
    const seenAtSouth = (await allPages(sessions.south, { search: "boiler" })).map((item) => Number(item.title.split(" ")[1].split(".")[0]));
    expect([...new Set(seenAtSouth)].sort((a, b) => a - b)).toEqual([1, 2, 4, 5, 7, 11, 12, 14]);
  });
});

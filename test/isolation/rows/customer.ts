import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as importCustomersRoute } from "@/app/api/api/customer/import/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { GET as customerActivityRoute } from "@/app/api/api/customer/[id]/activity/route";
import { POST as postProject } from "@/app/api/api/project/route";
import { call, uniqueEmail } from "@/test/api";
import { notFound, permission, UNAUTHORIZED } from "@/test/answers";
import { csvText, importForm } from "@/test/import";
import { ids, lacking, listAll, readerWithoutPrivileges, refusedRead, refusedWrite, skippedMessages, southWith, writesNothing, type Row } from "@/test/isolation/cases";
import { conversations } from "@/test/isolation/conversations";
import { entityRows } from "@/test/isolation/entity-rows";
import { EDITABLE, HIDDEN, ITEM_KEYS, ITEMS, VIEW_ONLY, type ItemKey, type SharingInput } from "@/test/isolation/items";
import { expectCreated, type World } from "@/test/isolation/world";
import { PATCH as patchProject } from "@/app/api/api/project/[id]/route";

const importCustomers = (cookie: string | undefined, rows: string[][], options: Record<string, unknown> = {}) =>
  call(importCustomersRoute, "POST", "/customer/import", {
    cookie,
    body: importForm({ name: "customers.csv", content: csvText([["Name", "Email"], ...rows]) }, { mappings: { name: 0, email: 1 }, ...options }),
  });
const customerRow = async (id: string) => {
  const db = await getDb();
  return (await db.select().from(customer).where(eq(customer.id, id)))[0];
};
/** A customer of A with an email, made by the customer manager at North (so South cannot see it unless shared). */
const northCustomer = async (w: World, name: string, sharing?: SharingInput) => {
  const maker = w.actors.find((actor) => actor.key === "customers_manage@north")!;
  const email = uniqueEmail("import");
  const id = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: maker.cookie, body: { name, email } }));
  if (sharing) {
    const res = await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie: maker.cookie, params: { id }, body: { sharing } });
    expect(res.status).toBe(200);
  }
  return { id, email };
};

const activity = (cookie: string | undefined, id: string) =>
  call(customerActivityRoute, "GET", `/customer/${id}/activity`, { cookie, params: { id } });

/**
 * Projects of the customer everyone sees (editDefault), one per item key, where the
 * item lives and shared as it is, made the first time a case asks; they feed its
 * activity, and the world's conversations (one per key, with that key's customer)
 * feed their customers'.
 */
const activityProjects = new WeakMap<World, Promise<Record<ItemKey, string>>>();
function customerProjects(w: World) {
  if (!activityProjects.has(w)) {
    activityProjects.set(
      w,
      (async () => {
        const made = {} as Record<ItemKey, string>;
        for (const key of ITEM_KEYS) {
          const cookie = w.actors.find((actor) => actor.key === `projects_manage@${ITEMS[key].at}`)!.cookie;
          const body = { title: `activity project ${key}`, type: w.refs.a.type, customer: w.items.customer.editDefault.id };
          made[key] = expectCreated(await call(postProject, "POST", "/project", { cookie, body }));
          for (const sharing of ITEMS[key].sharing(w.south)) {
            const res = await call(patchProject, "PATCH", `/project/${made[key]}`, { cookie, params: { id: made[key] }, body: { sharing } });
            expect(res.status, JSON.stringify(res.body)).toBe(200);
          }
        }
        return made;
      })(),
    );
  }
  return activityProjects.get(w)!;
}

/** The conversations and projects an activity answer names. */
const namedIn = (res: { status: number; body: { items: { conversation?: { id: string }; entity?: { type: string; id: string } }[] } }) => {
  expect(res.status, JSON.stringify(res.body)).toBe(200);
  return {
    conversations: new Set(res.body.items.flatMap((item) => (item.conversation ? [item.conversation.id] : []))),
    projects: new Set(res.body.items.flatMap((item) => (item.entity?.type === "project" ? [item.entity.id] : []))),
  };
};

const activityRow: Row = {
  method: "GET",
  route: "/customer/[id]/activity",
  cases: {
    "no session": async (w) => refusedRead("anonymous activity", UNAUTHORIZED, () => activity(undefined, w.items.customer.editDefault.id)),
    "other organization": async (w) => {
      for (const key of ITEM_KEYS) {
        await refusedRead(`outsider ${key}`, notFound("Customer"), () => activity(w.outsider.cookie, w.items.customer[key].id));
      }
      await refusedRead("A's founder reads B's customer", notFound("Customer"), () => activity(w.a.cookie, w.bItem.customer));
      const c = await conversations(w);
      const seen = namedIn(await activity(w.outsider.cookie, w.bItem.customer));
      expect([...seen.conversations]).toEqual([c.b]);
    },
    "location cannot see": async (w) => {
      const c = await conversations(w);
      const projects = await customerProjects(w);
      for (const actor of southWith(w)) {
        for (const key of HIDDEN) {
          await refusedRead(`${actor.key} ${key}`, notFound("Customer"), () => activity(actor.cookie, w.items.customer[key].id));
        }
        // The customer is visible everywhere; its unshared projects are not, nor other customers' conversations.
        const seen = namedIn(await activity(actor.cookie, w.items.customer.editDefault.id));
        for (const key of HIDDEN) {
          expect(seen.conversations.has(c.a[key]), `${actor.key} conversation ${key}`).toBe(false);
          expect(seen.projects.has(projects[key]), `${actor.key} project ${key}`).toBe(false);
        }
        for (const key of [...VIEW_ONLY, ...EDITABLE]) {
          expect(seen.projects.has(projects[key]), `${actor.key} project ${key}`).toBe(true);
          // A conversation is seen as its customer is.
          const ofCustomer = namedIn(await activity(actor.cookie, w.items.customer[key].id));
          expect(ofCustomer.conversations.has(c.a[key]), `${actor.key} conversation ${key}`).toBe(true);
        }
      }
    },
    "view-only": async (w) => {
      for (const actor of southWith(w)) {
        for (const key of VIEW_ONLY) expect((await activity(actor.cookie, w.items.customer[key].id)).status, `${actor.key} ${key}`).toBe(200);
      }
    },
    "missing privilege": async (w) => {
      const reader = readerWithoutPrivileges(w);
      for (const key of ITEM_KEYS) expect((await activity(reader.cookie, w.items.customer[key].id)).status, key).toBe(200);
    },
  },
};

/** Customers: the shared rows, and importing customers from a file whose rows may match existing ones. */
export const customerRows: Row[] = [
  ...entityRows("customer"),
  activityRow,
  {
    method: "POST",
    route: "/customer/import",
    cases: {
      "no session": async (w) => refusedWrite(w, "anonymous import", UNAUTHORIZED, () => importCustomers(undefined, [["Anonymous", uniqueEmail("anon")]])),
      "other organization": async (w) => {
        // B imports with A's customer's email and matching on: B gets a new customer of its own, A's stays as it was.
        const ofA = expectCreated(await call(postCustomer, "POST", "/customer", { cookie: w.a.cookie, body: { name: "A's customer", email: uniqueEmail("a") } }));
        const before = await customerRow(ofA);
        const res = await importCustomers(w.outsider.cookie, [["B's namesake", before.email!]], { matchBy: "email" });
        expect(res.body).toMatchObject({ created: 1, updated: 0, skipped: [] });
        expect(await customerRow(ofA)).toEqual(before);
        const db = await getDb();
        const made = await db.select().from(customer).where(eq(customer.name, "B's namesake"));
        expect(made.map((row) => row.organizationId)).toEqual([w.b.organizationId]);
        expect(ids(await listAll("customer", w.a.cookie))).not.toContain(made[0].id);
      },
      "location cannot see": async (w) => {
        // A customer South cannot see is never matched: South's import adds its own customer instead.
        for (const actor of southWith(w, "customers_manage")) {
          const hidden = await northCustomer(w, `North's private customer for ${actor.key}`);
          const before = await customerRow(hidden.id);
          const res = await importCustomers(actor.cookie, [[`South's ${actor.key}`, hidden.email]], { matchBy: "email" });
          expect(res.body, actor.key).toMatchObject({ created: 1, updated: 0, skipped: [] });
          expect(await customerRow(hidden.id)).toEqual(before);
          const db = await getDb();
          const [made] = await db.select().from(customer).where(eq(customer.name, `South's ${actor.key}`));
          expect(made.locationId).toBe(w.south);
        }
      },
      "view-only": async (w) => {
        const viewed = await northCustomer(w, "Shared to South to view", { default: "none", locations: [{ id: w.south, level: "view" }] });
        for (const actor of southWith(w, "customers_manage")) {
          await writesNothing(
            w,
            actor.key,
            () => importCustomers(actor.cookie, [["Renamed by South", viewed.email]], { matchBy: "email" }),
            (res) => expect(skippedMessages(res)).toEqual(["You lack access rights to update the customer with this email"]),
          );
        }
      },
      "missing privilege": async (w) => {
        for (const actor of lacking(w, "customers_manage")) {
          await refusedWrite(w, actor.key, permission("customers_manage"), () => importCustomers(actor.cookie, [["Unprivileged", uniqueEmail("nope")]]));
        }
      },
    },
  },
];

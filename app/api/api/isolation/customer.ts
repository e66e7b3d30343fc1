import { eq } from "drizzle-orm";
import { expect } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/customer";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as importCustomersRoute } from "@/app/api/api/customer/import/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { call, uniqueEmail } from "@/test/api";
import { permission, UNAUTHORIZED } from "@/test/answers";
import { csvText, importForm } from "@/test/import";
import { ids, lacking, listAll, refusedWrite, skippedMessages, southWith, writesNothing, type Row } from "@/test/isolation/cases";
import { entityRows } from "@/test/isolation/entity-rows";
import type { SharingInput } from "@/test/isolation/items";
import { expectCreated, type World } from "@/test/isolation/world";

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

/** Customers: the shared rows, and importing customers from a file whose rows may match existing ones. */
export const customerRows: Row[] = [
  ...entityRows("customer"),
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

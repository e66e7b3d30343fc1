import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { customer } from "@/db/schema/index";
import { addLocation, signUpOrganization } from "@/test/fixtures";
import { organizationRows, watchWrites } from "@/test/organization-rows";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

/** The tables written to: the embedded database names the operation too, a server database only the table. */
const tables = async (writes: () => Promise<string[]>) => [...new Set((await writes()).map((write) => write.split(" ")[1]))].sort();

/** The fuzz and isolation suites prove that a refused request wrote nothing with these. */
describe("watching an organization's writes", () => {
  it("names each table written to, in committed transactions only, and only of the organizations watched", async () => {
    const a = await signUpOrganization(mailbox, "Watched");
    const b = await signUpOrganization(mailbox, "Not watched");
    const db = await getDb();

    let writes = await watchWrites([a.organizationId]);
    expect(await writes()).toEqual([]);
    await db.insert(customer).values({ organizationId: b.organizationId, name: "Elsewhere" });
    expect(await tables(writes), "another organization's row").toEqual([]);

    const [ann] = await db.insert(customer).values({ organizationId: a.organizationId, name: "Ann" }).returning();
    await addLocation(a.organizationId);
    expect(await tables(writes)).toEqual(["customer", "location"]);

    writes = await watchWrites([a.organizationId, b.organizationId]);
    await db
      .transaction(async (tx) => {
        await tx.update(customer).set({ name: "Anne" }).where(eq(customer.id, ann.id));
        tx.rollback();
      })
      .catch(() => {});
    expect(await tables(writes), "a rolled-back write").toEqual([]);

    await db.update(customer).set({ name: "Anne" }).where(eq(customer.id, ann.id));
    await db.delete(customer).where(eq(customer.organizationId, b.organizationId));
    expect(await tables(writes)).toEqual(["customer"]);
  });

  it.skipIf(process.env.DATABASE_URL)("logs writes to every table that belongs to an organization", async () => {
    const a = await signUpOrganization(mailbox, "Covered");
    await watchWrites([a.organizationId]);
    const db = await getDb();
    const { rows } = (await db.execute(
      sql`select distinct c.relname as name from pg_trigger t join pg_class c on c.oid = t.tgrelid where t.tgname = 'test_log_write'`,
    )) as unknown as { rows: { name: string }[] };
    const scoped = Object.keys(await organizationRows([a.organizationId])).filter((name) => name !== "storedFiles");
    expect(rows.length).toBe(scoped.length);
    expect(rows.map((row) => row.name)).toContain("customer");
  });
});

import { sql } from "drizzle-orm";
import { expect, it, vi } from "vitest";
import { getDb } from "@/db/client";

/** A fresh copy of the module, as each chunk of the production build holds its own. */
async function freshCopy() {
  vi.resetModules();
  return import("./page-sql");
}

it("names each text alike in every copy of the module, and two texts never alike", async () => {
  const [one, other] = [await freshCopy(), await freshCopy()];
  expect(one.statementName("select 1")).toBe(other.statementName("select 1"));
  expect(one.statementName("select 2")).not.toBe(other.statementName("select 1"));
});

it("runs different statements from two copies of the module on the same connections", async () => {
  const [one, other] = [await freshCopy(), await freshCopy()];
  const db = await getDb();
  // Each copy's first text: counted names would have called both "page_1".
  for (let round = 0; round < 3; round++) {
    expect(await one.namedRows(db, sql`select ${round}::int as number`)).toEqual([{ number: round }]);
    expect(await other.namedRows(db, sql`select ${`text ${round}`}::text as words`)).toEqual([{ words: `text ${round}` }]);
  }
});

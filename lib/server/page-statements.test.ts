import { expect, it, vi } from "vitest";
import { GET as listCustomers } from "@/app/api/api/customer/route";
import { getDb } from "@/db/client";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

it("sends a list's page as a named statement, and a search's page unnamed, planned for its words on every run", async () => {
  const { cookie } = await signUpOrganization(mailbox);
  const db = await getDb();
  const prepare = vi.spyOn(db._.session, "prepareQuery");
  let calls: typeof prepare.mock.calls;
  try {
    expect((await call(listCustomers, "GET", "/customer", { cookie })).status).toBe(200);
    expect((await call(listCustomers, "GET", "/customer", { cookie, query: { search: "miller" } })).status).toBe(200);
    expect((await call(listCustomers, "GET", "/customer", { cookie, query: { status: "removed" } })).status).toBe(200);
    calls = [...prepare.mock.calls];
  } finally {
    prepare.mockRestore();
  }
  const pages = calls.filter(([query]) => query.sql.includes('"pageSortKey"'));
  expect(pages).toHaveLength(3);
  expect(pages[0][2]).toMatch(/^page_[0-9a-f]{32}$/);
  // The page's row count (50 and one to tell whether more follow) is part of the text,
  // so the statement's one plan is costed for 51 rows, not for a tenth of the table.
  expect(pages[0][0].sql).toMatch(/ limit 51\b/);
  expect(pages[0][0].params).not.toContain(51);
  expect(pages[1][0].sql).toContain("like");
  expect(pages[1][2]).toBeUndefined();
  // A status is part of the text too: the kept plan is made for the status asked (few rows are removed).
  expect(pages[2][0].sql).toContain(`"customer"."status" in ('removed')`);
  expect(pages[2][0].params).not.toContain("removed");
  expect(pages[2][2]).not.toBe(pages[0][2]);
});

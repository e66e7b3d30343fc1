import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { customer } from "@/db/schema/customer";
import { POST as importCustomers } from "@/app/api/api/customer/import/route";
import { GET as listSites } from "@/app/api/api/customer/[id]/site/route";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const HEADER = ["Name", "Email", "Address line 1", "ZIP / postcode", "City", "Country"];
const MAPPINGS = { name: 0, email: 1, line1: 2, zip: 3, city: 4, country: 5 };

const send = (cookie: string, rows: string[][]) =>
  call(importCustomers, "POST", "/customer/import", {
    cookie,
    body: importForm({ name: "customers.csv", content: csvText([HEADER, ...rows]) }, { mappings: MAPPINGS, matchBy: "email" }),
  });

async function sitesOf(cookie: string, organizationId: string, email: string) {
  const [row] = await (await getDb()).select().from(customer).where(and(eq(customer.organizationId, organizationId), eq(customer.email, email)));
  const res = await call(listSites, "GET", `/customer/${row.id}/site`, { cookie, params: { id: row.id } });
  return res.body.items as { id: string; line1: string | null; zip: string | null; city: string | null; country: string | null; time_zone: string }[];
}

describe("customer import and sites", () => {
  it("makes each imported address the customer's first site, and a re-import with a new address moves it", async () => {
    const org = await signUpOrganization(mailbox);
    const first = await send(org.cookie, [
      ["Mia Müller", "mia@example.test", "Hauptstraße 5", "80331", "München", "DE"],
      ["Oak Housing", "office@oak.test", "", "", "", ""],
    ]);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body).toMatchObject({ created: 2, skipped: [] });

    const [mia] = await sitesOf(org.cookie, org.organizationId, "mia@example.test");
    expect(mia).toMatchObject({ line1: "Hauptstraße 5", zip: "80331", city: "München", country: "DE", time_zone: "Europe/Berlin" });
    // A customer without an address has no site.
    expect(await sitesOf(org.cookie, org.organizationId, "office@oak.test")).toEqual([]);
    const created = await (await getDb()).select().from(history).where(and(eq(history.entityType, "site"), eq(history.entityId, mia.id)));
    expect(created).toHaveLength(1);
    expect(created[0]).toMatchObject({ action: "created", memberId: org.view.member.id });

    // The same file with Mia's new street: her customer and her first site follow.
    const second = await send(org.cookie, [["Mia Müller", "mia@example.test", "Marienplatz 1", "80331", "München", "DE"]]);
    expect(second.body).toMatchObject({ created: 0, updated: 1 });
    const after = await sitesOf(org.cookie, org.organizationId, "mia@example.test");
    expect(after).toHaveLength(1);
    expect(after[0]).toMatchObject({ id: mia.id, line1: "Marienplatz 1", city: "München" });
  });
});

import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { history } from "@/db/schema/activity";
import { customer } from "@/db/schema/customer";
import { PATCH as switchLocation } from "@/app/api/api/session/route";
import { PATCH as patchCustomer } from "@/app/api/api/customer/[id]/route";
import { POST as postCustomer } from "@/app/api/api/customer/route";
import { POST as importCustomers } from "@/app/api/api/customer/import/route";
import { call } from "@/test/api";
import { addLocation, addMember, logInAs, setOrganizationCountry, signUpOrganization } from "@/test/fixtures";
import { conversationRow, makeCustomer, startWithNote } from "@/test/conversations";
import { csvText, importForm } from "@/test/import";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { xlsxFile, xlsxWithWorkbook } from "@/test/xlsx";

const mailbox = useSmtpCatcher();

const HEADER = ["Full name", "E-mail", "Town", "Kind"];
const MAPPINGS = { name: 0, email: 1, city: 2, type: 3 };
const GOOD = [
  ["Mia Miller", "mia@example.test", "Leeds", "individual"],
  ["Oak Housing", "office@oak.test", "York", "Organization"],
];
const BAD = ["Bad Email", "not-an-email", "Hull", "individual"];

type Options = { skipInvalid?: boolean; matchBy?: string; dryRun?: boolean; mappings?: Record<string, number> | string };

function send(cookie: string, rows: (string | null)[][], options: Options = {}, query: Record<string, string> = {}) {
  const { mappings = MAPPINGS, ...rest } = options;
  const body = importForm({ name: "customers.csv", content: csvText([HEADER, ...rows]) }, { mappings, ...rest });
  return call(importCustomers, "POST", "/customer/import", { cookie, body, query });
}

async function customersOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(customer).where(eq(customer.organizationId, organizationId)).orderBy(customer.name);
}

async function historyOf(organizationId: string) {
  const db = await getDb();
  return db.select().from(history).where(and(eq(history.organizationId, organizationId), eq(history.entityType, "customer")));
}

describe("customer import", () => {
  it("imports nothing when one row is invalid, and says which row and why", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await send(org.cookie, [GOOD[0], BAD, GOOD[1], ["", "x@example.test", "Bath", "company"]]);
    // A failed all-or-nothing import is not a success a script could mistake: 422, the error shape and the report.
    expect(res.status, JSON.stringify(res.body)).toBe(422);
    expect(res.body).toEqual({
      status: 422,
      message: "Import failed",
      dryRun: false,
      rows: 4,
      created: 0,
      updated: 0,
      unchanged: 0,
      skipped: [
        { row: 3, errors: [{ column: "E-mail", value: "not-an-email", error: "invalid", message: "Enter a valid email address" }] },
        {
          row: 5,
          errors: [
            { column: "Kind", value: "company", error: "invalid", reason: "unknown", message: "Type is individual or organization" },
            { column: "Full name", value: null, error: "required", message: "Required" },
          ],
        },
      ],
    });
    expect(await customersOf(org.organizationId)).toEqual([]);
    expect(await historyOf(org.organizationId)).toEqual([]);
  });

  it("answers a dry run with rows at fault 200: it is a check, and the report says what would fail", async () => {
    const org = await signUpOrganization(mailbox);
    const res = await send(org.cookie, [GOOD[0], BAD], { dryRun: true });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ dryRun: true, created: 0, skipped: [{ row: 3 }] });
    expect(res.body.status).toBeUndefined();
    expect(await customersOf(org.organizationId)).toEqual([]);
  });

  it("with Skip invalid rows imports the valid rows, at the session's location, with history", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId);
    expect((await call(switchLocation, "PATCH", "/session", { cookie: org.cookie, body: { location: north.id } })).status).toBe(200);
    const res = await send(org.cookie, [GOOD[0], BAD, GOOD[1]], { skipInvalid: true });
    expect(res.body).toMatchObject({ rows: 3, created: 2, updated: 0, skipped: [{ row: 3 }] });
    const rows = await customersOf(org.organizationId);
    expect(rows.map(({ name, email, city, type, status, locationId, sharing }) => ({ name, email, city, type, status, locationId, sharing }))).toEqual([
      { name: "Mia Miller", email: "mia@example.test", city: "Leeds", type: "individual", status: "active", locationId: north.id, sharing: { default: "none", locations: [] } },
      { name: "Oak Housing", email: "office@oak.test", city: "York", type: "organization", status: "active", locationId: north.id, sharing: { default: "none", locations: [] } },
    ]);
    const entries = await historyOf(org.organizationId);
    expect(entries).toHaveLength(2);
    const mia = entries.find((entry) => entry.entityId === rows[0].id)!;
    expect(mia).toMatchObject({ action: "created", memberId: org.view.member.id });
    expect(mia.changes).toMatchObject({ name: [null, "Mia Miller"], email: [null, "mia@example.test"], city: [null, "Leeds"] });
    // The same entry the create endpoint writes.
    const posted = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Mia Miller", email: "mia@example.test", city: "Leeds" } });
    const [single] = (await historyOf(org.organizationId)).filter((entry) => entry.entityId === posted.body.id);
    expect(mia.changes).toEqual(single.changes);
  });

  it("reads .xlsx files the same way", async () => {
    const org = await signUpOrganization(mailbox);
    await setOrganizationCountry(org.organizationId, "GB");
    const file = xlsxFile([["Name", "Email", "Phone"], ["Mia Miller", "MIA@example.test", 1134960000], ["Noah Smith", null, { inline: "+44 20 7946 0000" }]]);
    const body = importForm({ name: "customers.xlsx", content: file }, { mappings: { name: 0, email: 1, phone: 2 } });
    const res = await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body });
    expect(res.body).toMatchObject({ created: 2, skipped: [] });
    expect((await customersOf(org.organizationId)).map(({ name, email, phone }) => [name, email, phone])).toEqual([
      ["Mia Miller", "mia@example.test", "+441134960000"],
      ["Noah Smith", null, "+442079460000"],
    ]);
  });

  it("refuses a row with a spreadsheet error in a mapped cell, and names the spreadsheet's own problems", async () => {
    const org = await signUpOrganization(mailbox);
    const file = xlsxFile([["Name", "Email", "Notes"], ["Mia Miller", { error: "#N/A" }, null], ["Noah Smith", "noah@example.test", { error: "#REF!" }]]);
    const body = importForm({ name: "customers.xlsx", content: file }, { mappings: { name: 0, email: 1 }, skipInvalid: true });
    const res = await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body });
    // The #REF! is in a column nothing is mapped to: Noah's row imports.
    expect(res.body).toMatchObject({
      created: 1,
      skipped: [{ row: 2, errors: [{ column: "Email", value: "#N/A", error: "invalid", message: "The cell holds the spreadsheet error #N/A" }] }],
    });
    expect((await customersOf(org.organizationId)).map(({ name }) => name)).toEqual(["Noah Smith"]);

    const noSheets = xlsxWithWorkbook("");
    const refused = await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: importForm({ name: "customers.xlsx", content: noSheets }, { mappings: { name: 0 } }) });
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ path: "file", message: "The workbook has no sheets", type: "sheet_not_found" }]);
  });

  it("reads phone numbers as the create endpoint does: E.164 with the organization's country, a bad one a row error", async () => {
    const org = await signUpOrganization(mailbox);
    await setOrganizationCountry(org.organizationId, "GB");
    const header = ["Name", "Phone", "E-mail"];
    const rows = [
      ["Mia Miller", "0113 496 0000", "mia@example.test"],
      ["Noah Smith", "call me maybe", "noah@example.test"],
      ["Ida Example", "0113 496", "not-an-email"],
      ["Oak Housing", "+49 30 123456", null],
    ];
    const body = importForm({ name: "customers.csv", content: csvText([header, ...rows]) }, { mappings: { name: 0, phone: 1, email: 2 } });
    const res = await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body });
    expect(res.body.skipped).toEqual([
      { row: 3, errors: [{ column: "Phone", value: "call me maybe", error: "invalid", message: "Enter a valid phone number" }] },
      {
        row: 4,
        errors: [
          { column: "Phone", value: "0113 496", error: "invalid", message: "Enter a valid phone number" },
          { column: "E-mail", value: "not-an-email", error: "invalid", message: "Enter a valid email address" },
        ],
      },
    ]);
    expect(await customersOf(org.organizationId)).toEqual([]);

    const skipping = importForm({ name: "customers.csv", content: csvText([header, ...rows]) }, { mappings: { name: 0, phone: 1, email: 2 }, skipInvalid: true });
    expect((await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: skipping })).body).toMatchObject({ created: 2 });
    expect((await customersOf(org.organizationId)).map(({ name, phone }) => [name, phone])).toEqual([
      ["Mia Miller", "+441134960000"],
      ["Oak Housing", "+4930123456"],
    ]);
  });

  it("updates the customer with the same email when asked, instead of adding a second one", async () => {
    const org = await signUpOrganization(mailbox);
    const made = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Mia M.", email: "mia@example.test", phone: "+44 113 496 0000", city: "Bradford" } });
    const rows = [["Mia Miller", "MIA@example.test", "Leeds", "individual"], GOOD[1]];
    const res = await send(org.cookie, rows, { matchBy: "email" });
    expect(res.body).toMatchObject({ created: 1, updated: 1, skipped: [] });
    const [mia, oak] = await customersOf(org.organizationId);
    // Mapped fields take the file's values; the unmapped phone is kept.
    expect(mia).toMatchObject({ id: made.body.id, name: "Mia Miller", city: "Leeds", phone: "+441134960000" });
    expect(oak.name).toBe("Oak Housing");
    const [entry] = (await historyOf(org.organizationId)).filter((row) => row.entityId === made.body.id && row.action === "updated");
    expect(entry.changes).toEqual({ name: ["Mia M.", "Mia Miller"], city: ["Bradford", "Leeds"] });

    // The same file again changes nothing; without matching it would add duplicates.
    expect((await send(org.cookie, rows, { matchBy: "email" })).body).toMatchObject({ created: 0, updated: 0, unchanged: 2 });
    expect((await send(org.cookie, rows)).body).toMatchObject({ created: 2, updated: 0 });
    expect(await customersOf(org.organizationId)).toHaveLength(4);
  });

  it("counts rows that match a customer and change nothing as unchanged, and writes no history for them", async () => {
    const org = await signUpOrganization(mailbox);
    const rows = [GOOD[0], GOOD[1], ["Ivy Stone", "ivy@example.test", "Bath", "individual"]];
    expect((await send(org.cookie, rows)).body).toMatchObject({ created: 3, updated: 0, unchanged: 0 });
    const created = await historyOf(org.organizationId);
    expect(created).toHaveLength(3);

    const again = [GOOD[0], ["Oak Housing", "OFFICE@oak.test", "Selby", "organization"], rows[2], ["Noah Smith", "noah@example.test", "", ""]];
    const dryRun = await send(org.cookie, again, { matchBy: "email", dryRun: true });
    expect(dryRun.body).toEqual({ dryRun: true, rows: 4, created: 1, updated: 1, unchanged: 2, skipped: [] });
    const res = await send(org.cookie, again, { matchBy: "email" });
    expect(res.body).toEqual({ dryRun: false, rows: 4, created: 1, updated: 1, unchanged: 2, skipped: [] });
    const entries = await historyOf(org.organizationId);
    const customers = await customersOf(org.organizationId);
    const oak = customers.find((row) => row.name === "Oak Housing")!;
    expect(oak.city).toBe("Selby");
    // One entry for the update of Oak Housing and one for the new customer; none for Mia and Ivy.
    expect(entries.filter((entry) => !created.some((before) => before.id === entry.id)).map(({ entityId, action }) => ({ entityId, action }))).toEqual(
      expect.arrayContaining([
        { entityId: oak.id, action: "updated" },
        { entityId: customers.find((row) => row.name === "Noah Smith")!.id, action: "created" },
      ]),
    );
    expect(entries).toHaveLength(5);
    const unchangedIds = customers.filter((row) => row.name === "Mia Miller" || row.name === "Ivy Stone").map((row) => row.id);
    expect(entries.filter((entry) => unchangedIds.includes(entry.entityId)).map((entry) => entry.action)).toEqual(["created", "created"]);
  });

  it("refuses rows whose email is repeated in the file or matches several customers", async () => {
    const org = await signUpOrganization(mailbox);
    for (const name of ["Twin A", "Twin B"]) {
      await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name, email: "twins@example.test" } });
    }
    const res = await send(org.cookie, [GOOD[0], ["Mia again", "mia@example.test", "", ""], ["Twin", "twins@example.test", "", ""]], { matchBy: "email" });
    expect(res.body.skipped).toEqual([
      { row: 3, errors: [{ column: "E-mail", value: "mia@example.test", error: "invalid", message: "The same email is in row 2 too" }] },
      { row: 4, errors: [{ column: "E-mail", value: "twins@example.test", error: "invalid", message: "2 customers have this email; update them one by one" }] },
    ]);
    expect(await customersOf(org.organizationId)).toHaveLength(2);
  });

  it("matches rows by the export's ID column: an export with a repeated email goes back in, each row on its customer", async () => {
    const org = await signUpOrganization(mailbox);
    // Without matching, two rows with one email are two customers, as the form allows.
    const twins = [["Twin A", "twins@example.test", "Leeds", "individual"], ["Twin B", "twins@example.test", "York", "individual"]];
    expect((await send(org.cookie, twins)).body).toMatchObject({ created: 2, skipped: [] });
    const [a, b] = await customersOf(org.organizationId);

    // The list's export: its ID column maps itself onto the ID field.
    const header = ["ID", "Name", "Email", "City"];
    const exported = (rows: (string | null)[][], options: Options = {}) => {
      const body = importForm({ name: "customers.csv", content: csvText([header, ...rows]) }, { mappings: { id: 0, name: 1, email: 2, city: 3 }, ...options });
      return call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body });
    };
    const edited = [[a.id, "Twin A", "twins@example.test", "Bath"], [b.id, "Twin B", "twins@example.test", "York"], ["", "Newcomer", "new@example.test", "Hull"]];
    const dryRun = await exported(edited, { matchBy: "email", dryRun: true });
    expect(dryRun.body).toEqual({ dryRun: true, rows: 3, created: 1, updated: 1, unchanged: 1, skipped: [] });
    const res = await exported(edited, { matchBy: "email" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ dryRun: false, rows: 3, created: 1, updated: 1, unchanged: 1, skipped: [] });
    expect((await customersOf(org.organizationId)).map((row) => [row.id, row.name, row.city])).toEqual([
      [expect.any(String), "Newcomer", "Hull"],
      [a.id, "Twin A", "Bath"],
      [b.id, "Twin B", "York"],
    ]);
    // Without "match by email" the ID still decides: nothing is added twice.
    expect((await exported(edited.slice(0, 2))).body).toMatchObject({ created: 0, updated: 0, unchanged: 2, skipped: [] });

    // An ID of no customer here (another organization's, or another system's) matches nothing: the row is added, as without an ID.
    // The same ID twice is refused on the ID column.
    const other = await signUpOrganization(mailbox, "Other Co");
    const theirs = await call(postCustomer, "POST", "/customer", { cookie: other.cookie, body: { name: "Theirs" } });
    const rows = [[theirs.body.id, "Theirs", "", ""], [a.id, "Twin A", "", ""], [a.id.toUpperCase(), "Twin A again", "", ""], ["C-12", "Legacy", "", ""]];
    const refused = await exported(rows);
    expect(refused.status).toBe(422);
    expect(refused.body.skipped).toEqual([{ row: 4, errors: [{ column: "ID", value: a.id.toUpperCase(), error: "invalid", message: "The same ID is in row 3 too" }] }]);
    expect((await exported(rows, { skipInvalid: true })).body).toMatchObject({ created: 2, updated: 1, unchanged: 0 });
    expect((await customersOf(other.organizationId)).map((row) => [row.id, row.name])).toEqual([[theirs.body.id, "Theirs"]]);
    const mine = await customersOf(org.organizationId);
    expect(mine.map((row) => row.name)).toEqual(["Legacy", "Newcomer", "Theirs", "Twin A", "Twin B"]);
    expect(mine.find((row) => row.name === "Theirs")!.id).not.toBe(theirs.body.id);
    expect(mine.find((row) => row.id === a.id)!.city).toBeNull();
  });

  it("matches only customers the session may see, and updates only those it may edit", async () => {
    const org = await signUpOrganization(mailbox);
    const north = await addLocation(org.organizationId, "North");
    const south = await addLocation(org.organizationId, "South");
    const hidden = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Hidden", email: "hidden@example.test" } });
    const viewed = await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Viewed", email: "viewed@example.test" } });
    const id = viewed.body.id;
    await call(patchCustomer, "PATCH", `/customer/${id}`, { cookie: org.cookie, params: { id }, body: { sharing: { default: "none", locations: [{ id: south.id, level: "view" }] } } });
    const southStaff = await addMember(org.organizationId, { privileges: ["customers_manage"], locationId: south.id });
    const cookie = await logInAs(southStaff.email);
    const res = await send(cookie, [["Hidden renamed", "hidden@example.test", "", ""], ["Viewed renamed", "viewed@example.test", "", ""]], { matchBy: "email", skipInvalid: true });
    expect(res.body).toMatchObject({
      created: 1,
      updated: 0,
      skipped: [{ row: 3, errors: [{ column: "E-mail", message: "You lack access rights to update the customer with this email" }] }],
    });
    const rows = await customersOf(org.organizationId);
    expect(rows.map((row) => [row.name, row.locationId])).toEqual([
      ["Hidden", null],
      ["Hidden renamed", south.id],
      ["Viewed", null],
    ]);
    expect(hidden.body.id).toBe(rows[0].id);
    expect(north.id).not.toBe(south.id);
  });

  it("never matches or touches another organization's customers", async () => {
    const mine = await signUpOrganization(mailbox);
    const other = await signUpOrganization(mailbox, "Other Co");
    await call(postCustomer, "POST", "/customer", { cookie: other.cookie, body: { name: "Theirs", email: "mia@example.test" } });
    const res = await send(mine.cookie, [GOOD[0]], { matchBy: "email" });
    expect(res.body).toMatchObject({ created: 1, updated: 0 });
    expect((await customersOf(other.organizationId)).map((row) => row.name)).toEqual(["Theirs"]);
    expect((await customersOf(mine.organizationId)).map((row) => row.name)).toEqual(["Mia Miller"]);
  });

  it("needs customers_manage", async () => {
    const org = await signUpOrganization(mailbox);
    const staff = await addMember(org.organizationId, { privileges: ["projects_manage"] });
    const res = await send(await logInAs(staff.email), GOOD);
    expect(res.body).toEqual({ status: 403, message: "Permission required", permission: "customers_manage" });
    const manager = await addMember(org.organizationId, { privileges: ["customers_manage"] });
    expect((await send(await logInAs(manager.email), GOOD)).body).toMatchObject({ created: 2 });
    expect((await send("", GOOD)).status).toBe(401);
  });

  it("refuses malformed requests with 400 and writes nothing", async () => {
    const org = await signUpOrganization(mailbox);
    const refusal = async (res: Awaited<ReturnType<typeof send>>) => {
      expect(res.status, JSON.stringify(res.body)).toBe(400);
      return res.body.errors;
    };
    expect(await refusal(await send(org.cookie, GOOD, { mappings: "{not json" }))).toEqual([{ path: "mappings", message: "Mappings are not valid JSON" }]);
    expect(await refusal(await send(org.cookie, GOOD, { mappings: "[1,2]" }))).toEqual([{ path: "mappings", message: "Mappings are an object of field id to column index" }]);
    expect(await refusal(await send(org.cookie, GOOD, { mappings: { name: 0, shoeSize: 1 } }))).toEqual([{ path: "mappings.shoeSize", message: "There is no field shoeSize" }]);
    expect(await refusal(await send(org.cookie, GOOD, { mappings: { name: 9 } }))).toEqual([{ path: "mappings.name", message: "The file has no column 9; it has 4" }]);
    expect(await refusal(await send(org.cookie, GOOD, { mappings: { name: -1 } }))).toEqual([{ path: "mappings.name", message: "Column indexes start at 0" }]);
    expect(await refusal(await send(org.cookie, GOOD, { mappings: { email: 1 } }))).toEqual([{ path: "mappings.name", message: "Name must be mapped to a column" }]);
    expect(await refusal(await send(org.cookie, GOOD, { matchBy: "phone" }))).toEqual([{ path: "matchBy", message: "matchBy is one of email" }]);
    expect(await refusal(await send(org.cookie, GOOD, { skipInvalid: "yes" as unknown as boolean }))).toEqual([{ path: "skipInvalid", message: "skipInvalid is true or false" }]);
    const extra = importForm({ name: "c.csv", content: csvText([HEADER, ...GOOD]) }, { mappings: MAPPINGS, owner: "me" });
    expect(await refusal(await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: extra }))).toEqual([{ path: "", message: "Unknown field: owner" }]);
    const pdf = importForm({ name: "customers.pdf", content: "%PDF" }, { mappings: MAPPINGS });
    expect(await refusal(await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: pdf }))).toEqual([{ path: "file", message: 'Invalid file type "pdf"', type: "invalid_type" }]);
    const short = importForm({ name: "customers.csv", content: "Full name\n" }, { mappings: { name: 0 } });
    expect(await refusal(await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: short }))).toEqual([{ path: "file", message: "Filed to parse file, not enough rows", type: "not_enough_rows" }]);
    const noFile = new FormData();
    noFile.set("mappings", JSON.stringify(MAPPINGS));
    expect(await refusal(await call(importCustomers, "POST", "/customer/import", { cookie: org.cookie, body: noFile }))).toEqual([{ path: "file", message: "Choose a file to import" }]);
    expect(await customersOf(org.organizationId)).toEqual([]);
  });

  it("checks the file without writing in a dry run", async () => {
    const org = await signUpOrganization(mailbox);
    await call(postCustomer, "POST", "/customer", { cookie: org.cookie, body: { name: "Mia M.", email: "mia@example.test" } });
    const before = { customers: await customersOf(org.organizationId), history: await historyOf(org.organizationId) };
    const byQuery = await send(org.cookie, [...GOOD, BAD], { matchBy: "email", skipInvalid: true }, { dryRun: "true" });
    expect(byQuery.body).toMatchObject({ dryRun: true, rows: 3, created: 1, updated: 1, skipped: [{ row: 4 }] });
    const byField = await send(org.cookie, GOOD, { matchBy: "email", dryRun: true });
    expect(byField.body).toMatchObject({ dryRun: true, created: 1, updated: 1, skipped: [] });
    expect({ customers: await customersOf(org.organizationId), history: await historyOf(org.organizationId) }).toEqual(before);
  });

  it("renames the customers of an update in their conversations' search text", async () => {
    const org = await signUpOrganization(mailbox);
    const mia = await makeCustomer(org.cookie, { name: "Mia Miller", email: "mia@example.test" });
    const conversation = await startWithNote(org.cookie, mia.id);
    const res = await send(org.cookie, [["Mia Fairweather", "mia@example.test", "Leeds", "individual"]], { matchBy: "email" });
    expect(res.body).toMatchObject({ created: 0, updated: 1 });
    expect((await conversationRow(conversation)).search).toBe("C-1001 Notes on Mia Miller Mia Fairweather");
  });
});

import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { GET as getHistory } from "@/app/api/api/history/route";
import { GET, PATCH } from "@/app/api/api/organization/[id]/document_numbers/route";
import { takeNumber } from "@/lib/server/document-number";
import { call } from "@/test/api";
import { signUpOrganization } from "@/test/fixtures";
import { useSmtpCatcher } from "@/test/smtp-catcher";

const mailbox = useSmtpCatcher();

const read = (id: string, cookie: string) => call(GET, "GET", `/organization/${id}/document_numbers`, { cookie, params: { id } });
const change = (id: string, cookie: string, body: unknown) => call(PATCH, "PATCH", `/organization/${id}/document_numbers`, { cookie, params: { id }, body });

describe("document number formats", () => {
  it("start as the defaults, change by series, and the next number taken follows", async () => {
    const org = await signUpOrganization(mailbox);
    expect((await read(org.organizationId, org.cookie)).body).toEqual({ quote: "Q-{YYYY}-{0000}", invoice: "INV-{YYYY}-{0000}", credit_note: "CN-{YYYY}-{0000}" });

    const res = await change(org.organizationId, org.cookie, { quote: "ANG-{YY}{MM}-{000}" });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toEqual({ quote: "ANG-{YY}{MM}-{000}", invoice: "INV-{YYYY}-{0000}", credit_note: "CN-{YYYY}-{0000}" });

    const db = await getDb();
    const number = await db.transaction((tx) => takeNumber(tx, org.organizationId, "quote", new Date("2027-03-10T12:00:00Z")));
    expect(number).toBe("ANG-2703-001");

    const history = await call(getHistory, "GET", "/history", { cookie: org.cookie, query: { type: "organization", id: org.organizationId } });
    expect(history.body.items[0].changes).toEqual({ "number_format.quote": ["Q-{YYYY}-{0000}", "ANG-{YY}{MM}-{000}"] });
  });

  it("refuses a format without one counter, or with unknown tokens, naming the problem", async () => {
    const org = await signUpOrganization(mailbox);
    const none = await change(org.organizationId, org.cookie, { invoice: "INV-{YYYY}" });
    expect(none.status).toBe(400);
    expect(none.body.errors).toEqual([{ path: "invoice", message: expect.stringContaining("{0000}") }]);
    const unknown = await change(org.organizationId, org.cookie, { quote: "Q-{DD}-{0000}" });
    expect(unknown.status).toBe(400);
    expect(unknown.body.errors[0]).toMatchObject({ path: "quote", message: expect.stringContaining("{DD}") });
    expect((await read(org.organizationId, org.cookie)).body.quote).toBe("Q-{YYYY}-{0000}");
  });
});

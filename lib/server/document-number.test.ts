import { and, eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { documentCounter } from "@/db/schema/document";
import { organization } from "@/db/schema/organization";
import { LOCALES } from "@/lib/i18n/locales";
import { numberFormatSchema, type DocumentSeries } from "@/lib/schemas/document-number";
import { z } from "@/lib/schemas/z";
import { call } from "@/test/api";
import { numberFormat, setNumberFormat, takeNumber } from "./document-number";
import { publicRoute } from "./route";

async function newOrganization(timeZone = "Europe/Berlin") {
  const db = await getDb();
  const [row] = await db.insert(organization).values({ name: "Acme Plumbing", business: { time_zone: timeZone } }).returning({ id: organization.id });
  return row.id;
}

/** One number in a transaction of its own that commits. */
async function take(organizationId: string, series: DocumentSeries = "quote", at = new Date("2027-06-15T10:00:00Z")) {
  const db = await getDb();
  return db.transaction((tx) => takeNumber(tx, organizationId, series, at));
}

class Abandoned extends Error {}

/** Takes a number, then rolls the transaction back. */
async function takeAndRollBack(organizationId: string, hold?: Promise<void>) {
  const db = await getDb();
  let taken: string | undefined;
  await expect(
    db.transaction(async (tx) => {
      taken = await takeNumber(tx, organizationId, "quote", new Date("2027-06-15T10:00:00Z"));
      await hold;
      throw new Abandoned();
    }),
  ).rejects.toBeInstanceOf(Abandoned);
  return taken;
}

describe("takeNumber", () => {
  it("numbers each series of an organization on its own, in the default formats", async () => {
    const org = await newOrganization();
    const other = await newOrganization();
    expect(await take(org)).toBe("Q-2027-0001");
    expect(await take(org)).toBe("Q-2027-0002");
    expect(await take(org, "invoice")).toBe("INV-2027-0001");
    expect(await take(org, "credit_note")).toBe("CN-2027-0001");
    expect(await take(other)).toBe("Q-2027-0001");
    expect(await take(org)).toBe("Q-2027-0003");
  });

  it("gives a rolled-back transaction's number to the next one", async () => {
    const org = await newOrganization();
    expect(await take(org)).toBe("Q-2027-0001");
    expect(await takeAndRollBack(org)).toBe("Q-2027-0002");
    expect(await take(org)).toBe("Q-2027-0002");
    // The first number of a series too: the counter row made by a rolled-back transaction is gone with it.
    const fresh = await newOrganization();
    expect(await takeAndRollBack(fresh)).toBe("Q-2027-0001");
    expect(await take(fresh)).toBe("Q-2027-0001");
  });

  it("gives 20 concurrent transactions distinct consecutive numbers, with no gap where some roll back", async () => {
    const org = await newOrganization();
    const db = await getDb();
    const committed: string[] = [];
    const abandoned: (string | undefined)[] = [];
    await Promise.all(
      Array.from({ length: 20 }, async (_, i) => {
        if (i % 5 === 4) {
          // Holds the counter a moment before giving its number back, so others queue behind it.
          abandoned.push(await takeAndRollBack(org, new Promise((resolve) => setTimeout(resolve, 20))));
          return;
        }
        committed.push(await db.transaction((tx) => takeNumber(tx, org, "quote", new Date("2027-06-15T10:00:00Z"))));
      }),
    );
    expect(abandoned).toHaveLength(4);
    expect(committed.sort()).toEqual(Array.from({ length: 16 }, (_, i) => `Q-2027-${String(i + 1).padStart(4, "0")}`));
    const [counter] = await db
      .select({ next: documentCounter.next })
      .from(documentCounter)
      .where(and(eq(documentCounter.organizationId, org), eq(documentCounter.series, "quote")));
    expect(counter.next).toBe(17);
  });

  it("restarts each year in the organization's time zone, and keeps counting a year issued late", async () => {
    const org = await newOrganization("Europe/Berlin");
    expect(await take(org, "quote", new Date("2027-12-31T22:30:00Z"))).toBe("Q-2027-0001");
    expect(await take(org, "quote", new Date("2027-12-31T22:59:59Z"))).toBe("Q-2027-0002");
    // Midnight has passed in Berlin, though not in UTC.
    expect(await take(org, "quote", new Date("2027-12-31T23:00:00Z"))).toBe("Q-2028-0001");
    expect(await take(org, "quote", new Date("2027-12-30T12:00:00Z"))).toBe("Q-2027-0003");
    expect(await take(org, "quote", new Date("2028-03-01T12:00:00Z"))).toBe("Q-2028-0002");
  });

  it("writes an organization's own format; one without the year never restarts", async () => {
    const org = await newOrganization("America/New_York");
    const db = await getDb();
    expect(await numberFormat(db, org, "invoice")).toBe("INV-{YYYY}-{0000}");
    await setNumberFormat(db, org, "invoice", "RE{YY}{MM}/{000}");
    expect(await numberFormat(db, org, "invoice")).toBe("RE{YY}{MM}/{000}");
    expect(await take(org, "invoice", new Date("2028-01-01T03:00:00Z"))).toBe("RE2712/001");
    expect(await take(org, "invoice", new Date("2028-02-01T12:00:00Z"))).toBe("RE2802/001");

    await setNumberFormat(db, org, "quote", "{0}");
    for (const [at, expected] of [["2027-05-01", "1"], ["2028-05-01", "2"], ["2029-05-01", "3"]]) {
      expect(await take(org, "quote", new Date(`${at}T12:00:00Z`))).toBe(expected);
    }
    // Past the counter's width the number is written in full.
    await setNumberFormat(db, org, "credit_note", "G{0}");
    for (let i = 1; i <= 10; i += 1) await take(org, "credit_note");
    expect(await take(org, "credit_note")).toBe("G11");
  });

  it("is refused outside a transaction, where a number taken and not used would be a gap", async () => {
    const org = await newOrganization();
    const db = await getDb();
    await expect(takeNumber(db, org, "quote", new Date())).rejects.toThrow(/inside the transaction/);
  });
});

describe("number formats", () => {
  const reason = (format: unknown) => {
    const parsed = numberFormatSchema.safeParse(format);
    return parsed.success ? "valid" : parsed.error.issues.map((issue) => issue.message).join();
  };

  it("take plain text, the date tokens and one counter", () => {
    for (const format of ["Q-{YYYY}-{0000}", "{0}", "INV {YY}.{MM}.{000000000}", "Angebot Nr. {00}", "Devis n° {YYYY}/{0000}"]) {
      expect(reason(format), format).toBe("valid");
    }
  });

  it("refuse unknown tokens, stray braces, no or two counters, invisible characters and lengths out of bounds", () => {
    expect(reason("Q-{YYY}-{0000}")).toBe("validation.numberFormat.unknownToken");
    expect(reason("Q-{yyyy}-{0000}")).toBe("validation.numberFormat.unknownToken");
    expect(reason("Q-{0000000000}")).toBe("validation.numberFormat.unknownToken");
    expect(reason("Q-{{0000}}")).toBe("validation.numberFormat.unknownToken");
    expect(reason("Q-}{0000}")).toBe("validation.numberFormat.unknownToken");
    expect(reason("Q-{1000}")).toBe("validation.numberFormat.unknownToken");
    expect(reason("Q-{YYYY}")).toBe("validation.numberFormat.counter");
    expect(reason("{0000}-{00}")).toBe("validation.numberFormat.counter");
    expect(reason("Q\n{0000}")).toBe("validation.numberFormat.characters");
    expect(reason("Q\u200b{0000}")).toBe("validation.numberFormat.characters");
    expect(reason("")).toBe("validation.tooShort");
    expect(reason(`${"Q".repeat(35)}{0000}`)).toBe("validation.tooLong");
    expect(reason(42)).toBe("validation.invalidType");
  });

  it("are refused by setNumberFormat, which keeps the format it had", async () => {
    const org = await newOrganization();
    const db = await getDb();
    await expect(setNumberFormat(db, org, "quote", "Q-{YYYY}")).rejects.toBeInstanceOf(z.ZodError);
    expect(await numberFormat(db, org, "quote")).toBe("Q-{YYYY}-{0000}");
  });

  // The settings that will take a format answer the route kernel's 400, worded in the reader's language.
  const settings = publicRoute({ body: z.strictObject({ format: numberFormatSchema }) }, async () => undefined);
  const answer = (locale: string, format: string) =>
    call(settings, "POST", "/settings", { body: { format }, headers: { "accept-language": locale }, undocumented: true });

  it.each(LOCALES)("answer a readable 400 in %s", async (locale) => {
    const unknown = await answer(locale, "Q-{YYY}-{0000}");
    expect(unknown.status).toBe(400);
    const [error] = unknown.body.errors;
    expect(error.path).toBe("format");
    expect(error.message).toContain("{YYY}");
    expect(error.message).toContain("{YYYY}, {YY}, {MM}, {0000}");
    expect(error.message).not.toMatch(/numberFormat/);
    const counter = await answer(locale, "Q-{YYYY}");
    expect(counter.body.errors[0].message).toContain("{0000}");
    expect(counter.body.errors[0].message).not.toMatch(/numberFormat/);
    const invisible = await answer(locale, "Q\t{0000}");
    expect(invisible.body.errors[0].message).not.toMatch(/numberFormat/);
    expect(new Set([unknown.body.errors[0].message, counter.body.errors[0].message, invisible.body.errors[0].message]).size).toBe(3);
  });
});

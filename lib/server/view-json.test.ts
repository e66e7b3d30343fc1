import { describe, expect, it } from "vitest";
import { getDb } from "@/db/client";
import { POST as uploadFile } from "@/app/api/api/file/route";
import { selectPage, selectResponsePage, type PageSource } from "@/lib/server/page";
import { JsonText, jsonBytes, stringifyJson } from "@/lib/server/json-text";
import { pageSource } from "@/lib/server/scoped";
import type { SessionContext } from "@/lib/server/session";
import { valueJson, viewJson } from "@/lib/server/view-json";
import { conversationEntity } from "@/lib/entities/conversation";
import { customerEntity } from "@/lib/entities/customer";
import { FILE_PAGE } from "@/lib/services/file-list";
import { locationEntity } from "@/lib/entities/location";
import { memberEntity } from "@/lib/entities/member";
import { projectEntity } from "@/lib/entities/project";
import { projectTypeEntity } from "@/lib/entities/project-type";
import { roleEntity } from "@/lib/entities/role";
import { call } from "@/test/api";
import { makeCustomer, startWithNote, receive } from "@/test/conversations";
import { addLocation, addMember, signUpOrganization } from "@/test/fixtures";
import { pngForm } from "@/test/isolation/world";
import { useSmtpCatcher } from "@/test/smtp-catcher";
import { makeProject, makeType } from "@/test/projects";
import { eq, getTableColumns, sql } from "drizzle-orm";
import { bigint, boolean, integer, jsonb, pgTable, smallint, text, uuid } from "drizzle-orm/pg-core";

const mailbox = useSmtpCatcher();

const ENTITIES = { customerEntity, projectEntity, projectTypeEntity, memberEntity, roleEntity, locationEntity, conversationEntity };

describe("list pages written by the database", () => {
  it("every list view can be written in SQL", () => {
    for (const [name, entity] of Object.entries(ENTITIES)) {
      expect(viewJson(entity.table, entity.view as never, entity.viewSql), name).not.toBeNull();
    }
    expect(viewJson(FILE_PAGE.table, FILE_PAGE.view as never)).not.toBeNull();
  });

  it("answers the same JSON as the view, field for field and in order, for every list", async () => {
    const org = await signUpOrganization(mailbox);
    const { cookie, organizationId } = org;
    await addLocation(organizationId, 'Süd "Filiale"\n2');
    await addMember(organizationId, { password: null });
    await addMember(organizationId, { sharing: { default: "view", locations: [] } });
    const customer = await makeCustomer(cookie, { name: "Zoë \"Quotes\" O'Brien \\ ✓", phone: null });
    await makeCustomer(cookie, { type: "organization", name: "Tab\tand emoji 🚰", line1: "1 Main St", city: "Leeds" });
    const type = await makeType(cookie);
    await makeProject(cookie, { type: type.id, customer: customer.id, description: "Line one\nline two", fields: [{ id: 1, value: "AB1234" }] });
    const conversation = await startWithNote(cookie, customer.id);
    await receive(conversation);
    expect((await call(uploadFile, "POST", "/file", { cookie, body: pngForm("pic \"1\".png") })).status).toBe(201);

    const db = await getDb();
    const sources: [string, PageSource<never, unknown>, ReturnType<typeof eq>][] = [
      ...Object.entries(ENTITIES).map(([name, entity]) => [
        name,
        pageSource(entity as never) as PageSource<never, unknown>,
        eq(entity.columns.organizationId, organizationId),
      ] as [string, PageSource<never, unknown>, ReturnType<typeof eq>]),
      ["file", FILE_PAGE as PageSource<never, unknown>, eq(FILE_PAGE.table.organizationId, organizationId)],
      // Read by a member: each row's unread is that member's own (conversationsReadBy).
      [
        "conversation as its reader has it",
        pageSource(conversationEntity, { memberId: org.view.member.id } as SessionContext) as PageSource<never, unknown>,
        eq(conversationEntity.columns.organizationId, organizationId),
      ],
    ];
    for (const [name, source, where] of sources) {
      for (const sort of Object.keys(source.sorts)) {
        const first = { sort: { field: sort, direction: "desc" as const }, limit: 1 };
        const { next } = await selectPage(db, source, where, first);
        // The first page, a page by skip (ids first) and the page after the first, where there is one.
        for (const query of [first, { ...first, skip: 1 }, ...(next ? [{ ...first, after: next }] : [])]) {
          const label = `${name} by ${sort} ${JSON.stringify(query)}`;
          const objects = await selectPage(db, source, where, query);
          const written = await selectResponsePage(db, source, where, query);
          expect(written.items, label).toBeInstanceOf(JsonText);
          if (query === first) expect(objects.items.length, label).toBe(1);
          // The same text a response sends: keys in the view's order, values equal.
          const parsed = JSON.parse(stringifyJson(written));
          const expected = JSON.parse(JSON.stringify(objects));
          expect(parsed, label).toEqual(expected);
          if (expected.items.length > 0) expect(Object.keys(parsed.items[0]), label).toEqual(Object.keys(expected.items[0]));
          // Both read on from the same row.
          expect(written.next === undefined, label).toBe(objects.next === undefined);
        }
      }
    }
  });
});

describe("a field's value as JSON text", () => {
  // Stands for a table only for its columns' kinds; the values are the statement's own.
  const kinds = pgTable("kinds", { id: uuid(), small: smallint(), count: integer(), amount: bigint({ mode: "number" }), flag: boolean(), data: jsonb(), words: text() });
  const values: Record<keyof ReturnType<typeof getTableColumns<typeof kinds>>, string[]> = {
    id: ["'6f1c2a4e-0b7d-4c1e-9a3f-2d5e8b7c9a01'::uuid"],
    small: ["(-32768)::smallint", "0::smallint"],
    count: ["-5", "2147483647"],
    amount: ["(-9007199254740991)::bigint", "1200::bigint"],
    flag: ["true", "false"],
    data: [`'{"a": [1, "Zoë \\"x\\" \\n ✓"], "b": null}'::jsonb`, "'null'::jsonb", "'[]'::jsonb"],
    words: [`E'Quote " backslash \\\\ tab \\t line\\n emoji 🚰 control \\u0001'::text`, "''::text"],
  };

  it("is the text to_json prints, for every kind a cast prints, nulls included", async () => {
    const db = await getDb();
    for (const [name, column] of Object.entries(getTableColumns(kinds))) {
      for (const value of [...values[name as keyof typeof values], `null::${column.getSQLType()}`]) {
        const expression = sql.raw(`(${value})`);
        const { rows } = (await db.execute(sql`select coalesce(${valueJson(expression, column)}, 'null') as written, coalesce(to_json(${expression})::text, 'null') as expected`)) as unknown as {
          rows: { written: string; expected: string }[];
        };
        expect(rows[0].written, `${name} ${value}`).toBe(rows[0].expected);
      }
    }
  });
});

describe("stringifyJson", () => {
  it("puts JSON text in as it is, wherever it sits, and nothing else", () => {
    const value = { items: JsonText.of('[{"a" : 1}]'), nested: [JsonText.of("null"), "\u0000json-text:x:0"], more: false };
    expect(JSON.parse(stringifyJson(value))).toEqual({ items: [{ a: 1 }], nested: [null, "\u0000json-text:x:0"], more: false });
    expect(stringifyJson({ plain: "text" })).toBe(JSON.stringify({ plain: "text" }));
  });

  it("writes a page's items into the response bytes as UTF-8, in order, however many", () => {
    const items = Array.from({ length: 12 }, (_, n) => JSON.stringify({ n, name: n % 2 ? "Zoë 🔧" : "plain" }));
    const value = { items: JsonText.array(items), empty: JsonText.array([]), more: true, next: "Ünïcode" };
    const bytes = jsonBytes(value);
    const text = new TextDecoder("utf-8", { fatal: true }).decode(bytes);
    expect(text).toBe(stringifyJson(value));
    expect(JSON.parse(text)).toEqual({ items: items.map((item) => JSON.parse(item)), empty: [], more: true, next: "Ünïcode" });
    expect(new TextDecoder().decode(jsonBytes(JsonText.of('{"a" : 1}')))).toBe('{"a" : 1}');
    expect(new TextDecoder().decode(jsonBytes({ plain: "text" }))).toBe(JSON.stringify({ plain: "text" }));
  });
});

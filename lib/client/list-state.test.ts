import { describe, expect, it } from "vitest";
import type { z } from "zod";
import { conversationListQuerySchema } from "@/lib/schemas/conversation";
import { customerListQuerySchema } from "@/lib/schemas/customer";
import { fileListQuerySchema } from "@/lib/schemas/file";
import {
  CONVERSATION_LIST,
  CUSTOMER_LIST,
  FILE_LIST,
  LOCATION_LIST,
  MEMBER_LIST,
  PROJECT_LIST,
  PROJECT_TYPE_LIST,
  ROLE_LIST,
  type ListOptions,
} from "@/lib/schemas/lists";
import { locationListQuerySchema } from "@/lib/schemas/location";
import { memberListQuerySchema } from "@/lib/schemas/member";
import { projectListQuerySchema } from "@/lib/schemas/project";
import { projectTypeListQuerySchema } from "@/lib/schemas/project-type";
import { roleListQuerySchema } from "@/lib/schemas/role";
import { listDefaults, readListState, toApiQuery, writeListState } from "./list-state";

const defaults = listDefaults(LOCATION_LIST, ["status", "sharing"]);

const LISTS: [string, ListOptions, z.ZodType][] = [
  ["conversation", CONVERSATION_LIST, conversationListQuerySchema],
  ["customer", CUSTOMER_LIST, customerListQuerySchema],
  ["file", FILE_LIST, fileListQuerySchema],
  ["location", LOCATION_LIST, locationListQuerySchema],
  ["member", MEMBER_LIST, memberListQuerySchema],
  ["project", PROJECT_LIST, projectListQuerySchema],
  ["project type", PROJECT_TYPE_LIST, projectTypeListQuerySchema],
  ["role", ROLE_LIST, roleListQuerySchema],
];

const asList = (value: unknown): string[] => (value === undefined ? [] : Array.isArray(value) ? value.map(String) : [String(value)]);

describe("list defaults", () => {
  it.each(LISTS)("the %s list's screen assumes what its query schema assumes for an absent key", (_, options, schema) => {
    const parsed = schema.parse({}) as Record<string, unknown>;
    const keys = ["status", "sharing", ...Object.keys(options.filterDefaults ?? {})].filter((key) => key in parsed);
    const screen = listDefaults(options, keys);
    const sort = parsed.sort as { field: string; direction: string };
    expect(screen.sort).toBe(`${sort.field}:${sort.direction}`);
    expect(screen.limit).toBe(parsed.limit);
    for (const key of keys) expect(screen.filters[key], key).toEqual(asList(parsed[key]));
  });
});

describe("list state in the URL", () => {
  it("takes its defaults from the list's options", () => {
    expect(defaults).toEqual({
      search: "",
      sort: "created:desc",
      skip: 0,
      limit: 50,
      filters: { status: ["active"], sharing: ["include"] },
    });
  });

  it("leaves defaults out of the URL and keeps keys it does not own", () => {
    const state = { ...defaults, search: " north ", sort: "name:asc", skip: 50, filters: { status: ["active", "removed"], sharing: ["include"] } };
    const query = writeListState(state, defaults, new URLSearchParams("tab=x&skip=5"));
    expect(query).toBe("tab=x&search=north&sort=name%3Aasc&page=1&status=active&status=removed");
    // A start that is no whole page (after the page size changed) is said in rows.
    expect(writeListState({ ...defaults, skip: 30 }, defaults, new URLSearchParams("page=4"))).toBe("skip=30");
    expect(writeListState(defaults, defaults, new URLSearchParams())).toBe("");
  });

  it("reads back what it wrote, and falls back to defaults for missing or broken values", () => {
    const state = readListState(new URLSearchParams("search=north&sort=name:asc&skip=50&status=removed&limit=x"), defaults);
    expect(state).toEqual({ ...defaults, search: "north", sort: "name:asc", skip: 50, filters: { status: ["removed"], sharing: ["include"] } });
    expect(readListState(new URLSearchParams("skip=-1"), defaults).skip).toBe(0);
    // A link that names a page (from 0, as the API counts) opens that page.
    expect(readListState(new URLSearchParams("page=2"), defaults).skip).toBe(100);
    expect(readListState(new URLSearchParams("page=2&limit=10"), defaults).skip).toBe(20);
    expect(readListState(new URLSearchParams("page=x"), defaults).skip).toBe(0);
  });

  it("sends every value to the API explicitly", () => {
    expect(toApiQuery(defaults)).toEqual({ search: undefined, sort: "created:desc", skip: 0, limit: 50, status: ["active"], sharing: ["include"] });
  });
});

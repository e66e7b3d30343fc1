import { describe, expect, it } from "vitest";
import { locationListQuerySchema } from "@/lib/schemas/location";
import { listDefaults, readListState, toApiQuery, writeListState } from "./list-state";

const defaults = listDefaults(locationListQuerySchema, ["status", "sharing"]);

describe("list state in the URL", () => {
  it("takes its defaults from the list query schema", () => {
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
    expect(query).toBe("tab=x&search=north&sort=name%3Aasc&skip=50&status=active&status=removed");
    expect(writeListState(defaults, defaults, new URLSearchParams())).toBe("");
  });

  it("reads back what it wrote, and falls back to defaults for missing or broken values", () => {
    const state = readListState(new URLSearchParams("search=north&sort=name:asc&skip=50&status=removed&limit=x"), defaults);
    expect(state).toEqual({ ...defaults, search: "north", sort: "name:asc", skip: 50, filters: { status: ["removed"], sharing: ["include"] } });
    expect(readListState(new URLSearchParams("skip=-1"), defaults).skip).toBe(0);
  });

  it("sends every value to the API explicitly", () => {
    expect(toApiQuery(defaults)).toEqual({ search: undefined, sort: "created:desc", skip: 0, limit: 50, status: ["active"], sharing: ["include"] });
  });
});

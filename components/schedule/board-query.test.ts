import { describe, expect, it } from "vitest";
import { boardDays, crewOf, readView, timeOffPath, visitsPath } from "./board-query";

const params = (query: string) => (name: string) => new URLSearchParams(query).get(name);

describe("what the dispatch board reads", () => {
  it("reads the view from the address, a bad date as none", () => {
    expect(readView(params("date=2026-12-02"))).toEqual({ mode: "day", date: "2026-12-02", member: null });
    expect(readView(params("view=week&date=2026-02-30&member=m1"))).toEqual({ mode: "week", date: null, member: "m1" });
  });

  it("shows a day, or the week that holds it from the language's first day", () => {
    expect(boardDays({ mode: "day", date: "2026-12-02", member: null }, "America/Chicago", 1)).toMatchObject({ date: "2026-12-02", until: "2026-12-03" });
    // 2 December 2026 is a Wednesday.
    expect(boardDays({ mode: "week", date: "2026-12-02", member: null }, "UTC", 1)).toMatchObject({ date: "2026-11-30", until: "2026-12-07" });
    expect(boardDays({ mode: "week", date: "2026-12-02", member: null }, "UTC", 0)).toMatchObject({ date: "2026-11-29", until: "2026-12-06" });
  });

  it("at a location asks for its visits and those of its people and the organization's; at organization level for all", () => {
    const members = [
      { id: "a", location: "north" },
      { id: "b", location: "south" },
      { id: "c", location: null },
    ];
    expect(crewOf(members, null)).toBeNull();
    expect(crewOf(members, "north")).toEqual(["a", "c"]);
    expect(visitsPath("2026-12-02", "2026-12-03", "north", ["a", "c"])).toBe("/visit?from=2026-12-02&to=2026-12-03&limit=1000&location=north&or_member=a&or_member=c");
    expect(visitsPath("2026-12-02", "2026-12-03", null, null)).toBe("/visit?from=2026-12-02&to=2026-12-03&limit=1000");
    expect(timeOffPath("2026-12-02", "2026-12-03")).toBe("/time_off?from=2026-12-02&to=2026-12-03&status=active&limit=1000");
  });
});

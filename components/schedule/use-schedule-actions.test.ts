import { describe, expect, it } from "vitest";
import { newClashes } from "./use-schedule-actions";

describe("clashes a change brought", () => {
  const roof = { type: "visit" as const, id: "a", title: "Roof check", start: "2031-03-04T13:00:00.000Z", end: "2031-03-04T14:00:00.000Z" };
  const hours = { type: "hours" as const, id: null, title: "", start: "2031-03-04T17:00:00.000Z", end: "2031-03-04T18:00:00.000Z" };

  it("are the ones the visit did not have before", () => {
    expect(newClashes([], [roof])).toEqual([roof]);
    expect(newClashes([roof], [roof, hours])).toEqual([hours]);
    expect(newClashes([roof, hours], [roof])).toEqual([]);
  });
});

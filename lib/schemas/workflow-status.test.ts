import { describe, expect, it } from "vitest";
import type { Effect } from "./workflow";
import { leadsTo } from "./workflow-status";

const workflow = (...effects: Effect[]) => ({ effects });

describe("leadsTo", () => {
  it("answers the status the workflow sets", () => {
    expect(leadsTo(workflow({ type: "owner_set", value: "self" }, { type: "status_set", value: 3 }))).toBe(3);
  });

  it("takes the last status_set, as running the workflow applies them in order", () => {
    expect(leadsTo(workflow({ type: "status_set", value: 2 }, { type: "status_set", value: 5 }))).toBe(5);
  });

  it("skips a status_set of 0, which selects no status", () => {
    expect(leadsTo(workflow({ type: "status_set", value: 4 }, { type: "status_set", value: 0 }))).toBe(4);
    expect(leadsTo(workflow({ type: "status_set", value: 0 }))).toBeUndefined();
  });

  it("answers undefined for a workflow that sets no status", () => {
    expect(leadsTo(workflow())).toBeUndefined();
    expect(leadsTo(workflow({ type: "field_set", fields: [{ id: 1, value: "Done" }] }))).toBeUndefined();
  });
});

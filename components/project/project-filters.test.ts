import { describe, expect, it } from "vitest";
import type { ListState } from "@/lib/client/list-state";
import { dropFieldsOfOtherType } from "./project-filters";

const defaults: ListState = { search: "", sort: "created:desc", skip: 0, limit: 50, filters: {} };
const at = (filters: Record<string, string[]>, sort = defaults.sort): ListState => ({ ...defaults, filters, sort });

describe("dropFieldsOfOtherType", () => {
  it("clears the field filter and sort of the type before when the type changes", () => {
    const before = at({ type: ["a"], field: ["2:gte:1"] }, "field.2:asc");
    expect(dropFieldsOfOtherType(at({ type: ["b"], field: ["2:gte:1"] }, "field.2:asc"), before, defaults)).toEqual(at({ type: ["b"], field: [] }));
  });

  it("keeps a field condition and sort chosen in the same change as the type", () => {
    expect(dropFieldsOfOtherType(at({ type: ["b"], field: ["2:gte:1"] }, "field.3:desc"), at({}), defaults)).toEqual(at({ type: ["b"], field: ["2:gte:1"] }, "field.3:desc"));
  });

  it("leaves everything as it is while the type stays", () => {
    const next = at({ type: ["a"], field: ["2:gte:1"] }, "field.2:asc");
    expect(dropFieldsOfOtherType(next, at({ type: ["a"] }), defaults)).toBe(next);
  });
});

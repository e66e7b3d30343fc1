import { describe, expect, it } from "vitest";
import { sharingSchema } from "./sharing";

const id = () => crypto.randomUUID();

describe("sharingSchema", () => {
  it("reads full as edit and defaults locations to none", () => {
    expect(sharingSchema.parse({ default: "full" })).toEqual({ default: "edit", locations: [] });
  });

  it("refuses a location listed twice, naming the repeat", () => {
    const a = id();
    const result = sharingSchema.safeParse({ default: "none", locations: [{ id: a, level: "view" }, { id: id(), level: "view" }, { id: a, level: "edit" }] });
    expect(result.error?.issues.map((issue) => [issue.path.join("."), issue.message])).toEqual([["locations.2.id", "validation.locationTwice"]]);
  });

  it("caps the list at 1000 entries, 100,000 copies included", () => {
    const one = id();
    expect(sharingSchema.safeParse({ default: "none", locations: Array.from({ length: 1000 }, () => ({ id: id(), level: "view" })) }).success).toBe(true);
    const copies = sharingSchema.safeParse({ default: "none", locations: Array.from({ length: 100_000 }, () => ({ id: one, level: "view" })) });
    expect(copies.success).toBe(false);
    expect(copies.error?.issues.map((issue) => issue.path.join("."))).toContain("locations");
  });
});

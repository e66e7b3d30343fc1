import { describe, expect, it } from "vitest";
import { clip, oneLine } from "./clip";

describe("clip", () => {
  it("keeps a text that fits", () => {
    expect(clip("Boiler service", 14)).toBe("Boiler service");
  });

  it("cuts a longer one to the limit, the ellipsis included, without a space before it", () => {
    expect(clip("Boiler service due", 10)).toBe("Boiler se…");
    expect(clip("Boiler service due", 8)).toBe("Boiler…");
  });
});

describe("oneLine", () => {
  it("puts a text on one line", () => {
    expect(oneLine("  Hello,\n\n  the boiler\tis fixed ")).toBe("Hello, the boiler is fixed");
  });
});

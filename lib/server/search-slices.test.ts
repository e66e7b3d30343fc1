import { describe, expect, it } from "vitest";
import { printedInstant } from "./search-slices";

// A cursor's key is a creation time as PostgreSQL prints it; its period is where the next page starts reading.
describe("printedInstant", () => {
  it("reads a timestamptz as PostgreSQL prints it, in any zone and to the microsecond", () => {
    expect(printedInstant("2026-11-29 06:57:09.123456+00")?.toISOString()).toBe("2026-11-29T06:57:09.123Z");
    expect(printedInstant("2026-11-29 06:57:09+05:30")?.toISOString()).toBe("2026-11-29T01:27:09.000Z");
    expect(printedInstant("2026-03-29 01:00:00.5-03")?.toISOString()).toBe("2026-03-29T04:00:00.500Z");
  });

  it("answers undefined for what is not an instant, so the page is read in one part", () => {
    for (const text of ["", "infinity", "miller", "2026-13-45 99:00:00+00", "1700000000"]) expect(printedInstant(text), text).toBeUndefined();
  });
});

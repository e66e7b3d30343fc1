import { describe, expect, it } from "vitest";
import { addDays, dayIn, isDay } from "./day-dates";

describe("the technician's day", () => {
  it("is the wall-clock day where the member is", () => {
    const instant = new Date("2027-03-28T23:30:00Z");
    expect(dayIn(instant, "UTC")).toBe("2027-03-28");
    expect(dayIn(instant, "Europe/Berlin")).toBe("2027-03-29");
    expect(dayIn(instant, "America/Los_Angeles")).toBe("2027-03-28");
  });

  it("steps by calendar days across month ends and clock changes", () => {
    expect(addDays("2027-03-28", 1)).toBe("2027-03-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
  });

  it("takes only real days from the address", () => {
    expect(isDay("2027-03-28")).toBe(true);
    expect(isDay("2027-02-30")).toBe(false);
    expect(isDay("28.03.2027")).toBe(false);
    expect(isDay(null)).toBe(false);
  });
});

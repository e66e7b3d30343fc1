import { describe, expect, it } from "vitest";
import { timeBody } from "./visit-item";
import { addDays, isDay, todayAt, wallClockAt } from "./days";
import { addMinutes, minutesBetween, offsetAt, weekStart } from "./wall-clock";

describe("wall-clock arithmetic of visits", () => {
  it("adds minutes to a wall clock across midnight and a month's end, with no zone involved", () => {
    expect(addMinutes("2027-03-28T01:30", 60)).toBe("2027-03-28T02:30");
    expect(addMinutes("2027-01-31T23:30", 45)).toBe("2027-02-01T00:15");
    expect(minutesBetween("2027-03-28T01:30", "2027-03-28T03:00")).toBe(90);
  });

  it("steps by calendar days across month ends, leap days and clock changes", () => {
    expect(addDays("2027-03-28", 1)).toBe("2027-03-29");
    expect(addDays("2027-03-01", -1)).toBe("2027-02-28");
    expect(addDays("2028-02-28", 1)).toBe("2028-02-29");
    expect(addDays("2027-12-31", 1)).toBe("2028-01-01");
  });

  it("starts a week on the page language's first day", () => {
    // 2031-03-04 is a Tuesday.
    expect(weekStart("2031-03-04", 1)).toBe("2031-03-03");
    expect(weekStart("2031-03-04", 0)).toBe("2031-03-02");
    expect(weekStart("2031-03-02", 1)).toBe("2031-02-24");
    expect(addDays("2031-02-28", 1)).toBe("2031-03-01");
  });

  it("gives the calendar the zone's offset on the shown day, on both sides of a clock change", () => {
    expect(offsetAt("Europe/Berlin", new Date("2027-03-27T12:00:00Z"))).toBe("+01:00");
    expect(offsetAt("Europe/Berlin", new Date("2027-03-28T12:00:00Z"))).toBe("+02:00");
    expect(offsetAt("UTC", new Date("2027-03-28T12:00:00Z"))).toBe("+00:00");
    expect(offsetAt("America/New_York", new Date("2027-07-01T12:00:00Z"))).toBe("-04:00");
  });

  it("reads the day and the wall clock of an instant at a zone, not the viewer's", () => {
    const late = new Date("2027-03-27T23:30:00Z");
    expect(todayAt("Europe/Berlin", late)).toBe("2027-03-28");
    expect(todayAt("America/New_York", late)).toBe("2027-03-27");
    expect(todayAt("UTC", late)).toBe("2027-03-27");
    expect(wallClockAt("2027-03-27T23:30:00Z", "Europe/Berlin")).toBe("2027-03-28T00:30");
  });

  it("takes only real days from the address", () => {
    expect(isDay("2027-03-28")).toBe(true);
    expect(isDay("2027-02-30")).toBe(false);
    expect(isDay("28.03.2027")).toBe(false);
    expect(isDay(null)).toBe(false);
  });

  it("sets a time or a day, clearing the other", () => {
    expect(timeBody({ day: "2027-03-28" })).toEqual({ day: "2027-03-28", start: null, end: null });
    expect(timeBody({ start: "2027-03-28T09:00", end: "2027-03-28T10:00" })).toEqual({ start: "2027-03-28T09:00", end: "2027-03-28T10:00", day: null });
  });
});

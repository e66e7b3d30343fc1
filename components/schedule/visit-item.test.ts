import { describe, expect, it } from "vitest";
import { newClashes } from "./use-schedule-actions";
import { addDays, addMinutes, minutesBetween, offsetAt, timeBody, todayAt, weekStart } from "./visit-item";

describe("wall-clock arithmetic of the board", () => {
  it("adds minutes to a wall clock across midnight and a month's end, with no zone involved", () => {
    expect(addMinutes("2027-03-28T01:30", 60)).toBe("2027-03-28T02:30");
    expect(addMinutes("2027-01-31T23:30", 45)).toBe("2027-02-01T00:15");
    expect(minutesBetween("2027-03-28T01:30", "2027-03-28T03:00")).toBe(90);
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

  it("reads today at the board's zone, not the viewer's", () => {
    const late = new Date("2027-03-27T23:30:00Z");
    expect(todayAt("Europe/Berlin", late)).toBe("2027-03-28");
    expect(todayAt("America/New_York", late)).toBe("2027-03-27");
  });

  it("sets a time or a day, clearing the other", () => {
    expect(timeBody({ day: "2027-03-28" })).toEqual({ day: "2027-03-28", start: null, end: null });
    expect(timeBody({ start: "2027-03-28T09:00", end: "2027-03-28T10:00" })).toEqual({ start: "2027-03-28T09:00", end: "2027-03-28T10:00", day: null });
  });
});

describe("clashes a change brought", () => {
  const roof = { type: "visit" as const, id: "a", title: "Roof check", start: "2031-03-04T13:00:00.000Z", end: "2031-03-04T14:00:00.000Z" };
  const hours = { type: "hours" as const, id: null, title: "", start: "2031-03-04T17:00:00.000Z", end: "2031-03-04T18:00:00.000Z" };

  it("are the ones the visit did not have before", () => {
    expect(newClashes([], [roof])).toEqual([roof]);
    expect(newClashes([roof], [roof, hours])).toEqual([hours]);
    expect(newClashes([roof, hours], [roof])).toEqual([]);
  });
});

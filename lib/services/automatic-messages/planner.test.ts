import { describe, expect, it } from "vitest";
import { channelDue, planReminders, quietHoursEnd, reminderDue, reminderKey, scheduleRevision, visitBegins, type Reminder } from "./planner";

const LONDON = "Europe/London";
const QUIET = { from: "21:00", to: "08:00" };
const at = (iso: string) => new Date(iso);
const DAY_BEFORE_AT_9: Reminder = { kind: "days_before_at", days: 1, time: "09:00" };
const TWO_HOURS: Reminder = { kind: "hours_before", hours: 2 };

describe("reminders", () => {
  // Summer time in London: local = UTC + 1.
  const visit = { start: at("2027-06-16T08:00:00Z"), day: null, zone: LONDON }; // 09:00 local on 16 June

  it("plans 'N days before at HH:MM' on the local date and 'N hours before' from the start", () => {
    expect(reminderDue(visit, DAY_BEFORE_AT_9)).toEqual(at("2027-06-15T08:00:00Z"));
    expect(reminderDue(visit, TWO_HOURS)).toEqual(at("2027-06-16T06:00:00Z"));
  });

  it("skips a reminder whose time has passed when the visit is booked, and one that would come after it starts", () => {
    const now = at("2027-06-15T07:00:00Z"); // 08:00 local the day before
    expect(planReminders(visit, [DAY_BEFORE_AT_9, TWO_HOURS], now)).toEqual([
      { key: "days_before_at:1:09:00", due: at("2027-06-15T08:00:00Z"), late: false },
      { key: "hours_before:2", due: at("2027-06-16T06:00:00Z"), late: false },
    ]);
    const booked = at("2027-06-15T08:30:00Z"); // 09:30 local: the day-before reminder is past
    expect(planReminders(visit, [DAY_BEFORE_AT_9, TWO_HOURS], booked).map((r) => r.late)).toEqual([true, false]);
    // "1 day before at 10:00" for a visit at 09:00 is 23 hours before: fine. "0 days before at 10:00" is after it starts.
    expect(planReminders(visit, [{ kind: "days_before_at", days: 0, time: "10:00" }], at("2027-06-01T00:00:00Z"))[0].late).toBe(true);
  });

  it("keeps the same wall clock across a change of the clocks", () => {
    // London goes to summer time on Sunday 28 March 2027 at 01:00 UTC.
    const monday = { start: at("2027-03-29T08:00:00Z"), day: null, zone: LONDON }; // 09:00 BST on Monday
    expect(reminderDue(monday, DAY_BEFORE_AT_9)).toEqual(at("2027-03-28T08:00:00Z")); // 09:00 BST on Sunday
    expect(reminderDue(monday, { kind: "days_before_at", days: 2, time: "09:00" })).toEqual(at("2027-03-27T09:00:00Z")); // 09:00 GMT on Saturday
    // 24 hours before is 24 real hours: 08:00 on Sunday by the clock.
    expect(reminderDue(monday, { kind: "hours_before", hours: 24 })).toEqual(at("2027-03-28T08:00:00Z"));
    // A time the clocks skip (01:30 on the Sunday) moves forward to 02:30 BST.
    expect(reminderDue(monday, { kind: "days_before_at", days: 1, time: "01:30" })).toEqual(at("2027-03-28T01:30:00Z"));
    // New York's change is two weeks earlier; the same rule holds at another zone.
    const newYork = { start: at("2027-03-15T13:00:00Z"), day: null, zone: "America/New_York" }; // 09:00 EDT Monday
    expect(reminderDue(newYork, DAY_BEFORE_AT_9)).toEqual(at("2027-03-14T13:00:00Z")); // 09:00 EDT Sunday
    expect(reminderDue(newYork, { kind: "days_before_at", days: 2, time: "09:00" })).toEqual(at("2027-03-13T14:00:00Z")); // 09:00 EST Saturday
  });

  it("counts an any-time visit from its day's opening time, else 08:00", () => {
    const anyTime = { start: null, day: "2027-06-16", zone: LONDON };
    expect(visitBegins(anyTime)).toEqual(at("2027-06-16T07:00:00Z"));
    expect(reminderDue(anyTime, TWO_HOURS)).toEqual(at("2027-06-16T05:00:00Z"));
    expect(reminderDue({ ...anyTime, dayStart: "07:30" }, TWO_HOURS)).toEqual(at("2027-06-16T04:30:00Z"));
    expect(reminderDue(anyTime, DAY_BEFORE_AT_9)).toEqual(at("2027-06-15T08:00:00Z"));
    expect(planReminders({ start: null, day: null, zone: LONDON }, [TWO_HOURS], at("2027-06-01T00:00:00Z"))).toEqual([]);
  });

  it("names a reminder by its setting and a schedule by its start or day", () => {
    expect([reminderKey(TWO_HOURS), reminderKey(DAY_BEFORE_AT_9)]).toEqual(["hours_before:2", "days_before_at:1:09:00"]);
    expect(planReminders({ start: at("2027-06-16T08:00:00Z"), day: null, zone: LONDON }, [TWO_HOURS, TWO_HOURS], at("2027-06-01T00:00:00Z"))).toHaveLength(1);
    expect(scheduleRevision({ start: at("2027-06-16T08:00:00Z"), day: null })).toBe("2027-06-16T08:00:00.000Z");
    expect(scheduleRevision({ start: null, day: "2027-06-16" })).toBe("day:2027-06-16");
    expect(scheduleRevision({ start: null, day: null })).toBeNull();
  });
});

describe("quiet hours", () => {
  it("hold a text until the morning at the site, over midnight", () => {
    expect(quietHoursEnd(at("2027-06-15T20:30:00Z"), QUIET, LONDON)).toEqual(at("2027-06-16T07:00:00Z")); // 21:30 → 08:00 next day
    expect(quietHoursEnd(at("2027-06-16T06:00:00Z"), QUIET, LONDON)).toEqual(at("2027-06-16T07:00:00Z")); // 07:00 → 08:00
    expect(quietHoursEnd(at("2027-06-16T07:00:00Z"), QUIET, LONDON)).toBeNull(); // 08:00 is not quiet
    expect(quietHoursEnd(at("2027-06-15T19:59:00Z"), QUIET, LONDON)).toBeNull(); // 20:59
    expect(quietHoursEnd(at("2027-06-15T20:00:00Z"), QUIET, LONDON)).toEqual(at("2027-06-16T07:00:00Z")); // 21:00 is
  });

  it("are read at the site's zone, across a change of the clocks, and may lie within a day or be off", () => {
    // 23:00 GMT on Saturday 27 March: the morning after is 08:00 BST.
    expect(quietHoursEnd(at("2027-03-27T23:00:00Z"), QUIET, LONDON)).toEqual(at("2027-03-28T07:00:00Z"));
    expect(quietHoursEnd(at("2027-06-15T20:30:00Z"), QUIET, "America/New_York")).toBeNull(); // 16:30 there
    expect(quietHoursEnd(at("2027-06-15T11:30:00Z"), { from: "12:00", to: "14:00" }, LONDON)).toEqual(at("2027-06-15T13:00:00Z"));
    expect(quietHoursEnd(at("2027-06-15T13:30:00Z"), { from: "12:00", to: "14:00" }, LONDON)).toBeNull();
    expect(quietHoursEnd(at("2027-06-15T23:00:00Z"), null, LONDON)).toBeNull();
    expect(quietHoursEnd(at("2027-06-15T23:00:00Z"), { from: "09:00", to: "09:00" }, LONDON)).toBeNull();
  });

  it("hold texts but not emails, and not 'on my way'", () => {
    const night = at("2027-06-16T05:00:00Z"); // 06:00
    expect(channelDue(night, "sms", "reminder", QUIET, LONDON)).toEqual(at("2027-06-16T07:00:00Z"));
    expect(channelDue(night, "email", "reminder", QUIET, LONDON)).toEqual(night);
    expect(channelDue(night, "sms", "on_my_way", QUIET, LONDON)).toEqual(night);
    expect(channelDue(night, "sms", "booked", null, LONDON)).toEqual(night);
  });
});

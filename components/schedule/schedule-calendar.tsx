"use client";
import { createCalendar, destroyCalendar, Interaction, ResourceTimeline, TimeGrid, type Calendar } from "@event-calendar/core";
import "@event-calendar/core/index.css";
import { useEffect, useRef } from "react";
import { addDays } from "@/components/visit/days";
import { STATUS_COLORS, type VisitStatus } from "@/components/visit/visit-item";
import { wallClock, wallDay } from "@/components/visit/wall-clock";
import classes from "./schedule.module.css";

/** A lane of the board: a member (or no one: `null`) at a time of day, or on a day at any time. */
export type Lane = { member: string | null; anyTime: boolean };
/** Where something lands on the board. */
export type BoardTarget = Lane & { at: string };
/** A visit as the calendar draws it: wall-clock times of the board's zone. */
export type BoardEvent = {
  id: string;
  title: string;
  subtitle: string;
  /** "YYYY-MM-DDTHH:mm", or a day for any time. */
  start: string;
  end: string;
  anyTime: boolean;
  members: (string | null)[];
  status: VisitStatus;
  clash: string | null;
  /** What the viewer's own zone says (shown when theirs differs). */
  ownTime: string | null;
  editable: boolean;
};
export type BoardRow = { id: string | null; title: string };
/** A member's time off, shaded on their rows: wall-clock times of the board's zone. */
export type BoardOff = { id: string; member: string; start: string; end: string; title: string };
/** A visit moved or resized on the board; `revert` puts it back where it was. */
export type BoardChange = { id: string; from: Lane | null; to: BoardTarget; end: string | null; revert: () => void };

export type ScheduleCalendarProps = {
  mode: "day" | "week";
  /** One member's week (no rows), else every row. */
  single: boolean;
  date: string;
  /** The first day of a week (0 Sunday, 1 Monday), as the page's language has it. */
  firstDay: number;
  /** The board's zone as the calendar takes it: its offset on the shown day ("+01:00"). */
  offset: string;
  locale: string;
  rows: BoardRow[];
  events: BoardEvent[];
  off: BoardOff[];
  labels: { anyTime: string; unassigned: string; clash: string };
  onChange: (change: BoardChange) => void;
  onOpen: (id: string) => void;
  /** Hands out how to find the lane and time under a point, for drops from outside the calendar. */
  onReady: (targetAt: ((x: number, y: number) => BoardTarget | null) | null) => void;
  /** The first draw is done: its first visit is in the page (or it has none). */
  onDrawn?: () => void;
};

const NOBODY = "-";
const ANY = "|any";
const rowId = (member: string | null, anyTime: boolean) => `${member ?? NOBODY}${anyTime ? ANY : ""}`;
function laneOf(resourceId: string | number | undefined): Lane | null {
  if (resourceId === undefined) return null;
  const id = String(resourceId);
  const anyTime = id.endsWith(ANY);
  const member = anyTime ? id.slice(0, -ANY.length) : id;
  return { member: member === NOBODY ? null : member, anyTime };
}

function resources(rows: BoardRow[], labels: ScheduleCalendarProps["labels"]): Calendar.ResourceInput[] {
  return rows.flatMap((row) => [
    { id: rowId(row.id, false), title: row.id ? row.title : labels.unassigned, extendedProps: { lane: "time" } },
    { id: rowId(row.id, true), title: labels.anyTime, extendedProps: { lane: "any" } },
  ]);
}

function content(event: BoardEvent, labels: ScheduleCalendarProps["labels"]): Calendar.Content {
  const root = document.createElement("div");
  root.className = classes.event;
  const title = document.createElement("div");
  title.className = classes.eventTitle;
  if (event.clash) {
    const mark = document.createElement("span");
    mark.className = classes.clashMark;
    mark.textContent = "!";
    mark.setAttribute("aria-label", labels.clash);
    title.append(mark);
  }
  title.append(event.title);
  root.append(title);
  for (const line of [event.subtitle, event.ownTime]) {
    if (!line) continue;
    const text = document.createElement("div");
    text.className = classes.eventLine;
    text.textContent = line;
    root.append(text);
  }
  return { domNodes: [root] };
}

function offInput(off: BoardOff, single: boolean): Calendar.EventInput {
  return {
    id: `off:${off.id}`,
    start: off.start,
    end: off.end,
    display: "background",
    title: off.title,
    resourceIds: single ? [] : [rowId(off.member, false), rowId(off.member, true)],
    classNames: [classes.off],
    editable: false,
  };
}

function input(event: BoardEvent, single: boolean): Calendar.EventInput {
  return {
    id: event.id,
    start: event.start,
    end: event.end,
    allDay: event.anyTime,
    title: event.title,
    resourceIds: single ? [] : event.members.map((member) => rowId(member, event.anyTime)),
    editable: event.editable,
    // A visit at any time has no length to change.
    durationEditable: event.editable && !event.anyTime,
    // The status colours of every list of visits; a cancelled visit is also struck through.
    backgroundColor: `var(--mantine-color-${STATUS_COLORS[event.status]}-7)`,
    classNames: [event.status === "cancelled" ? classes.cancelled : "", event.clash ? classes.clash : ""].filter(Boolean),
    extendedProps: { board: event },
  };
}

/** Whether a visit will be drawn: one member's week draws all, the rows those of their members. */
function drawable({ events, rows, single }: Pick<ScheduleCalendarProps, "events" | "rows" | "single">) {
  if (single) return events.length > 0;
  const shown = new Set(rows.map((row) => row.id));
  return events.some((event) => event.members.some((member) => shown.has(member)));
}

/** Where a drop landed: the lane of the row (or of one member's week), and the time or day under it. */
function targetOf(info: { date: Date; allDay: boolean; resource?: Calendar.Resource }, single: boolean, member: string | null): BoardTarget | null {
  const lane = single ? { member, anyTime: info.allDay } : laneOf(info.resource?.id);
  if (!lane) return null;
  return { ...lane, at: lane.anyTime ? wallDay(info.date) : wallClock(info.date) };
}

/**
 * The board's time grid (@event-calendar/core, loaded only here): a row per member
 * on a time axis with an "any time" row under each for a day or a week, or one
 * member's week with an "any time" slot on top. It runs at the board's zone and
 * hands out wall-clock times of that zone.
 */
export default function ScheduleCalendar(props: ScheduleCalendarProps) {
  const element = useRef<HTMLDivElement>(null);
  const calendar = useRef<Calendar | null>(null);
  const latest = useRef(props);
  latest.current = props;
  const singleMember = props.single ? (props.rows[0]?.id ?? null) : null;

  useEffect(() => {
    const target = element.current!;
    const change = (info: Calendar.EventDropInfo | Calendar.EventResizeInfo, dropped: boolean) => {
      const { single } = latest.current;
      const board = info.event.extendedProps.board as BoardEvent;
      const drop = info as Calendar.EventDropInfo;
      const from = single ? { member: singleMember, anyTime: board.anyTime } : laneOf(drop.oldResource?.id ?? board.members.map((m) => rowId(m, board.anyTime))[0]);
      let to: BoardTarget | null;
      if (dropped && !single && drop.newResource) {
        to = laneOf(drop.newResource.id) && { ...laneOf(drop.newResource.id)!, at: "" };
      } else {
        to = from && { ...from, at: "" };
      }
      if (!to) return info.revert();
      if (single && dropped) to = { ...to, anyTime: info.event.allDay };
      if (to.anyTime) to.at = wallDay(info.event.start);
      else if (board.anyTime) {
        // From a whole-day lane onto a time: the time under the pointer.
        const point = info.jsEvent as PointerEvent;
        const found = calendar.current?.dateFromPoint(point.clientX, point.clientY);
        if (!found || found.allDay) return info.revert();
        to.at = wallClock(found.date);
      } else to.at = wallClock(info.event.start);
      const end = to.anyTime || board.anyTime ? null : wallClock(info.event.end);
      latest.current.onChange({ id: String(info.event.id), from, to, end, revert: info.revert });
    };
    let drawn = false;
    const firstDrawn = () => {
      if (drawn) return;
      drawn = true;
      latest.current.onDrawn?.();
    };
    const created = createCalendar(target, [ResourceTimeline, TimeGrid, Interaction], {
      headerToolbar: { start: "", center: "", end: "" },
      height: "auto",
      editable: true,
      eventResizableFromStart: false,
      eventDragMinDistance: 4,
      snapDuration: "00:15",
      flexibleSlotTimeLimits: true,
      slotMinTime: "07:00",
      slotMaxTime: "19:00",
      nowIndicator: true,
      dragScroll: true,
      eventDrop: (info) => change(info, true),
      eventResize: (info) => change(info, false),
      eventClick: (info) => latest.current.onOpen(String(info.event.id)),
      // The events are drawn some time after they are set: a day with none to draw is drawn once they are read.
      eventAllUpdated: () => {
        if (!drawable(latest.current)) firstDrawn();
      },
      eventDidMount: ({ el, event }) => {
        const board = event.extendedProps.board as BoardEvent | undefined;
        firstDrawn();
        if (!board) {
          // Time off: its reason where the pointer rests.
          el.title = typeof event.title === "string" ? event.title : "";
          return;
        }
        el.dataset.visit = board.id;
        el.dataset.testid = "schedule-visit";
        el.setAttribute("role", "button");
        el.setAttribute("tabindex", "0");
        el.setAttribute("aria-label", [board.title, board.subtitle, board.clash].filter(Boolean).join(", "));
        if (board.clash) el.title = board.clash;
        el.addEventListener("keydown", (key) => {
          if (key.key === "Enter" || key.key === " ") {
            key.preventDefault();
            latest.current.onOpen(board.id);
          }
        });
      },
      resourceLabelDidMount: ({ el, resource }) => {
        el.dataset.lane = String(resource.extendedProps.lane);
        el.dataset.row = String(resource.id);
        if (resource.extendedProps.lane === "any") el.classList.add(classes.anyLabel);
      },
    });
    calendar.current = created;
    latest.current.onReady((x, y) => {
      const found = created.dateFromPoint(x, y);
      return found ? targetOf(found, latest.current.single, latest.current.single ? (latest.current.rows[0]?.id ?? null) : null) : null;
    });
    return () => {
      latest.current.onReady(null);
      calendar.current = null;
      void destroyCalendar(created);
    };
    // The calendar is made once; its options follow the props below.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const { mode, single, date, firstDay, offset, locale, rows, events, off, labels } = props;
  // Each option is set when what it comes from changes: setting rows again draws their labels anew.
  useEffect(() => {
    const shown = calendar.current;
    if (!shown) return;
    const view = single ? "timeGridWeek" : mode === "week" ? "resourceTimelineWeek" : "resourceTimelineDay";
    shown.setOption("locale", locale);
    shown.setOption("firstDay", firstDay as Calendar.dayOfWeek);
    shown.setOption("timeZone", offset);
    shown.setOption("view", view);
    shown.setOption("date", date);
    shown.setOption("slotDuration", mode === "week" && !single ? "01:00" : "00:30");
    shown.setOption("slotWidth", mode === "week" && !single ? 36 : 40);
    shown.setOption("slotLabelInterval", mode === "week" && !single ? "03:00" : "01:00");
    // A new day or view opens at its first visit (on a phone only a few hours are in view), not on every save.
    const first = latest.current.events.filter((event) => !event.anyTime).map((event) => event.start.slice(11, 16)).sort()[0];
    shown.setOption("scrollTime", first ? `${first.slice(0, 2)}:00` : "08:00");
    shown.setOption("dayHeaderFormat", mode === "day" ? { weekday: "long", day: "numeric", month: "long" } : { weekday: "short", day: "numeric" });
  }, [mode, single, date, firstDay, offset, locale]);

  useEffect(() => {
    const shown = calendar.current;
    if (!shown) return;
    shown.setOption("allDaySlot", true);
    shown.setOption("allDayContent", labels.anyTime);
    shown.setOption("eventContent", (info) => {
      const board = info.event.extendedProps.board as BoardEvent | undefined;
      return board ? content(board, labels) : "";
    });
    shown.setOption("resources", single ? [] : resources(rows, labels));
  }, [single, rows, labels]);

  useEffect(() => {
    calendar.current?.setOption("events", [...off.map((entry) => offInput(entry, single)), ...events.map((event) => input(event, single))]);
  }, [events, off, single]);

  return <div ref={element} className={classes.calendar} data-testid="schedule-calendar" data-date={date} data-until={addDays(date, mode === "week" ? 7 : 1)} />;
}

"use client";
import { useFormatter } from "next-intl";
import { STATUS_COLORS } from "@/components/visit/visit-item";
import type { BoardEvent, BoardRow, ScheduleCalendarProps } from "./schedule-calendar";
import classes from "./schedule.module.css";

type Props = {
  /** What the list is of: the day, as the board's heading says it. */
  title: string;
  rows: BoardRow[];
  events: BoardEvent[];
  labels: ScheduleCalendarProps["labels"];
};

/**
 * The day as a list, read-only: each member and their visits in time order. It comes with
 * the page, so the day can be read before the calendar's script has arrived (or when it
 * never does), and the calendar takes its place once it has drawn.
 */
export function ScheduleAgenda({ title, rows, events, labels }: Props) {
  const format = useFormatter();
  // Wall clocks of the board's zone, written as the page's language writes a time.
  const time = (wallClock: string) => format.dateTime(new Date(`${wallClock}:00Z`), { timeZone: "UTC", hour: "numeric", minute: "2-digit" });
  const shown = rows
    .map((row) => ({ row, visits: events.filter((event) => event.members.includes(row.id)) }))
    .filter(({ row, visits }) => row.id !== null || visits.length > 0);
  return (
    <section className={classes.agenda} aria-label={title} data-testid="schedule-agenda">
      <ul className={classes.agendaRows}>
        {shown.map(({ row, visits }) => (
          <li key={row.id ?? ""} className={classes.agendaRow}>
            <div className={classes.agendaName}>{row.id === null ? labels.unassigned : row.title}</div>
            {visits.length > 0 && (
              <ol className={classes.agendaVisits}>
                {visits.map((event) => (
                  <li
                    key={event.id}
                    className={[classes.agendaVisit, event.status === "cancelled" ? classes.cancelled : "", event.clash ? classes.agendaClash : ""].filter(Boolean).join(" ")}
                    style={{ backgroundColor: `var(--mantine-color-${STATUS_COLORS[event.status]}-7)` }}
                    data-testid="schedule-agenda-visit"
                  >
                    <div className={classes.eventLine}>{event.anyTime ? labels.anyTime : `${time(event.start)} – ${time(event.end)}`}</div>
                    <div className={classes.eventTitle}>
                      {event.clash && (
                        <span className={classes.clashMark} role="img" aria-label={labels.clash}>
                          !
                        </span>
                      )}
                      {event.title}
                    </div>
                    {event.subtitle && <div className={classes.eventLine}>{event.subtitle}</div>}
                    {event.ownTime && <div className={classes.eventLine}>{event.ownTime}</div>}
                  </li>
                ))}
              </ol>
            )}
          </li>
        ))}
      </ul>
    </section>
  );
}

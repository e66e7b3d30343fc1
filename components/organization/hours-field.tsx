"use client";
import { ActionIcon, Box, Button, Group, Stack, Switch, Text } from "@mantine/core";
import { TimeInput } from "@mantine/dates";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { WEEKDAYS, type Weekday } from "@/lib/schemas/weekdays";
import type { HoursValue, Interval } from "./business-values";
import classes from "./hours-field.module.css";

/** The schema's limit of opening times a day. */
const MOST_A_DAY = 4;
const USUAL: Interval = { from: "08:00", to: "17:00" };

const clock = (minutes: number) => `${String(Math.floor(minutes / 60)).padStart(2, "0")}:${String(minutes % 60).padStart(2, "0")}`;
const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Another opening time after a break: an hour from where the last one ends, for four hours (at most to 23:59). */
function after(last: Interval): Interval {
  const from = Math.min(minutesOf(last.to) + 60, 23 * 60);
  return { from: clock(from), to: clock(Math.min(from + 60 * 4, 23 * 60 + 59)) };
}

/** A week of usual hours to start from: Monday to Friday 08:00–17:00, the weekend closed. */
const USUAL_WEEK: HoursValue = Object.fromEntries(WEEKDAYS.map((day, index) => [day, index < 5 ? [USUAL] : []]));

/** The weekdays' names in the page's language, Monday first (1 January 2024 was a Monday). */
function useWeekdayNames(): Record<Weekday, string> {
  const locale = useLocale();
  return useMemo(() => {
    const format = new Intl.DateTimeFormat(locale, { weekday: "long", timeZone: "UTC" });
    return Object.fromEntries(WEEKDAYS.map((day, index) => [day, format.format(Date.UTC(2024, 0, 1 + index))])) as Record<Weekday, string>;
  }, [locale]);
}

type DayProps = {
  name: string;
  intervals: Interval[];
  onChange?: (intervals: Interval[]) => void;
  /** Opening times that were open the day before, for a day that opens. */
  opening: Interval[];
  errors: Record<string, string>;
};

/** One day in one row: its name, a Closed switch, and its opening times from–to. */
function Day({ name, intervals, onChange, opening, errors }: DayProps) {
  const t = useTranslations();
  const closed = intervals.length === 0;
  // Without onChange the day is shown, not edited (a location's view of the organization's hours).
  const readOnly = !onChange;
  const change = onChange ?? (() => undefined);
  const set = (index: number, part: keyof Interval, text: string) =>
    change(intervals.map((interval, at) => (at === index ? { ...interval, [part]: text } : interval)));
  const message = Object.values(errors)[0];
  return (
    <Box className={classes.day} role="group" aria-label={name}>
      <Group className={classes.head} wrap="nowrap" gap="xs">
        <Text size="sm" fw={500} truncate className={classes.name}>
          {name}
        </Text>
        <Switch
          size="sm"
          label={t("businessDetails.hours.closed")}
          aria-label={t("businessDetails.hours.closedOn", { day: name })}
          checked={closed}
          disabled={readOnly}
          onChange={(event) => change(event.currentTarget.checked ? [] : opening)}
        />
      </Group>
      {!closed && (
        <Stack gap={6} className={classes.times}>
          {intervals.map((interval, index) => (
            <Group key={index} gap={6} wrap="nowrap">
              <TimeInput
                className={classes.time}
                aria-label={t("businessDetails.hours.opens", { day: name })}
                value={interval.from}
                disabled={readOnly}
                error={Boolean(errors[`${index}.from`])}
                onChange={(event) => set(index, "from", event.currentTarget.value)}
              />
              <Text size="sm" c="dimmed" aria-hidden>
                –
              </Text>
              <TimeInput
                className={classes.time}
                aria-label={t("businessDetails.hours.closes", { day: name })}
                value={interval.to}
                disabled={readOnly}
                error={Boolean(errors[`${index}.to`])}
                onChange={(event) => set(index, "to", event.currentTarget.value)}
              />
              {!readOnly && index > 0 && (
                <ActionIcon
                  variant="subtle"
                  color="gray"
                  aria-label={t("businessDetails.hours.remove", { day: name })}
                  onClick={() => change(intervals.filter((_, at) => at !== index))}
                >
                  <IconX size={16} />
                </ActionIcon>
              )}
              {!readOnly && index === intervals.length - 1 && intervals.length < MOST_A_DAY && (
                <ActionIcon
                  variant="subtle"
                  aria-label={t("businessDetails.hours.add", { day: name })}
                  onClick={() => change([...intervals, after(intervals[intervals.length - 1])])}
                >
                  <IconPlus size={16} />
                </ActionIcon>
              )}
            </Group>
          ))}
        </Stack>
      )}
      {message && (
        <Text size="xs" c="red" className={classes.error}>
          {message}
        </Text>
      )}
    </Box>
  );
}

/** A week of business hours, Monday first; an empty day is closed. */
export function WeekHours({ hours, onChange, errors = {} }: { hours: HoursValue; onChange?: (hours: HoursValue) => void; errors?: Record<string, string> }) {
  const names = useWeekdayNames();
  const week = Object.fromEntries(WEEKDAYS.map((day) => [day, hours[day] ?? []])) as Record<Weekday, Interval[]>;
  const errorsOf = (day: Weekday) =>
    Object.fromEntries(Object.entries(errors).flatMap(([path, message]) => (path === day ? [["", message]] : path.startsWith(`${day}.`) ? [[path.slice(day.length + 1), message]] : [])));
  return (
    <Stack gap={0} className={classes.week}>
      {WEEKDAYS.map((day, index) => {
        // A day that opens takes the hours of the nearest open day before it, else the usual ones.
        const before = WEEKDAYS.slice(0, index).reverse().find((other) => week[other].length > 0);
        return (
          <Day
            key={day}
            name={names[day]}
            intervals={week[day]}
            opening={before ? week[before] : [USUAL]}
            errors={errorsOf(day)}
            onChange={onChange && ((intervals) => onChange({ ...week, [day]: intervals }))}
          />
        );
      })}
    </Stack>
  );
}

type Props = FieldRenderProps & {
  /** On a location: the organization's hours, which it keeps unless it sets its own. */
  inherited?: HoursValue | null;
};

/**
 * Business hours (the form's heading names them): none given, or a whole week. A
 * location without hours of its own shows the organization's, not editable there,
 * and may set its own, starting from those.
 */
export function HoursField({ value, onChange, errors, inherited }: Props) {
  const t = useTranslations();
  const hours = (value as HoursValue | null) ?? null;
  const onLocation = inherited !== undefined;
  if (hours) {
    return (
      <Stack gap="xs">
        <WeekHours hours={hours} onChange={onChange} errors={errors} />
        {onLocation && (
          <Group>
            <Button variant="subtle" size="xs" onClick={() => onChange(null)}>
              {t("businessDetails.hours.useInherited")}
            </Button>
          </Group>
        )}
      </Stack>
    );
  }
  return (
    <Stack gap="xs">
      {onLocation && inherited ? (
        <>
          <Text size="sm" c="dimmed">
            {t("businessDetails.hours.inherited")}
          </Text>
          <WeekHours hours={inherited} />
        </>
      ) : (
        <Text size="sm" c="dimmed">
          {onLocation ? t("businessDetails.hours.noneInherited") : t("businessDetails.hours.none")}
        </Text>
      )}
      <Group>
        <Button variant="light" size="xs" leftSection={<IconPlus size={14} />} onClick={() => onChange(inherited ?? USUAL_WEEK)}>
          {onLocation ? t("businessDetails.hours.own") : t("businessDetails.hours.start")}
        </Button>
      </Group>
    </Stack>
  );
}

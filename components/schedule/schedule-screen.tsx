"use client";
import { ActionIcon, Button, Center, Container, Group, Loader, Stack, Text, Title, type SelectProps } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconPlus, IconWorld } from "@tabler/icons-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { useCallback, useMemo, useRef, useState } from "react";
import { SWRConfig } from "swr";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { useClosingValue } from "@/components/dialog/presence";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { memberName } from "@/components/member/member-item";
import { ACTIVE_MEMBERS_PATH } from "@/components/member/active-members";
import { useActiveMembers } from "@/components/member/use-active-members";
import { LoadFailure } from "@/components/shell/load-failure";
import { addDays, wallClockAt, zoneName } from "@/components/visit/days";
import type { VisitFormSubject } from "@/components/visit/visit-form";
import type { VisitItem } from "@/components/visit/visit-item";
import { useOwnTime, useOwnZone } from "@/components/visit/visit-when";
import { offsetAt, weekStart } from "@/components/visit/wall-clock";
import { lazyComponent } from "@/lib/client/lazy-component";
import { firstDayOfWeek } from "@/lib/i18n/locales";
import { boardDays, crewOf } from "./board-query";
import { useClashText } from "./clash-text";
import { ScheduleAgenda } from "./schedule-agenda";
import type { BoardEvent, BoardOff, BoardRow, BoardTarget, ScheduleCalendarProps } from "./schedule-calendar";
import { ScheduleTray, type TrayEntry } from "./schedule-tray";
import { useScheduleActions } from "./use-schedule-actions";
import { servedFallback, useBoardTimeOff, useBoardVisits, useBoardZone, useServed, useTray, type BoardAnswers } from "./use-schedule-data";
import { useScheduleView } from "./use-schedule-view";
import classes from "./schedule.module.css";

// The calendar library and its styles load with this screen only, fetched as soon as its code
// runs (beside the rest of the page's script), so the visits are drawn as soon as both are in.
const ScheduleCalendar = lazyComponent<ScheduleCalendarProps>(() => import("./schedule-calendar").then((module) => module.default));
if (typeof window !== "undefined") ScheduleCalendar.preload().catch(() => undefined);

// The panel and dialogs come when first opened: the form brings the pickers, the panel the customer's card.
const VisitDrawer = lazyDialog(() => import("./visit-drawer").then((module) => module.VisitDrawer), (props) => props.opened);
const VisitFormDialog = lazyDialog(() => import("@/components/visit/visit-form").then((module) => module.VisitFormDialog), (props) => props.opened);
// The week view's member choice brings Mantine's combobox, which the day does not need.
const MemberSelect = lazyComponent<SelectProps>(() => import("./member-select").then((module) => module.MemberSelect));
const ClashDialog = lazyDialog(() => import("./clash-dialog").then((module) => module.ClashDialog), (props) => props.opened);

/**
 * The dispatch board (/schedule): who does which visit when, and the work waiting to be
 * scheduled. `answers` are what the page was served with (the board's first reads).
 */
export function ScheduleScreen({ answers }: { answers: BoardAnswers }) {
  const t = useTranslations();
  const fallback = useMemo(() => servedFallback(answers), [answers]);
  return (
    <Container fluid py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: t("dispatch.crumb") }]} />
        <SWRConfig value={{ fallback }}>
          <Board />
        </SWRConfig>
      </Stack>
    </Container>
  );
}

function Board() {
  const t = useTranslations();
  const locale = useLocale();
  const format = useFormatter();
  const clashText = useClashText();
  const [view, change] = useScheduleView();
  const { zone, ready, location } = useBoardZone();
  const firstDay = firstDayOfWeek(locale);
  const { today, date, until } = boardDays(view, zone, firstDay);
  const members = useActiveMembers(useServed(ACTIVE_MEMBERS_PATH));
  // At a location: its people (and those assigned to its visits); at organization level, everyone.
  const crew = useMemo(() => (members.data ? crewOf(members.data.items, location) : undefined), [members.data, location]);
  const visits = useBoardVisits(date, until, location, crew);
  const tray = useTray();
  const timeOff = useBoardTimeOff(date, until);
  const shownVisits = useMemo(() => visits.data ?? [], [visits.data]);
  const actions = useScheduleActions(shownVisits, visits.show);
  const targetAt = useRef<((x: number, y: number) => BoardTarget | null) | null>(null);
  const [opened, setOpened] = useState<string | null>(null);
  const [formSubject, setFormSubject] = useState<VisitFormSubject | null>(null);
  const drawer = useClosingValue(opened ? ([...shownVisits, ...(tray.visits.data ?? [])].find((visit) => visit.id === opened) ?? null) : null);
  const formShown = useClosingValue(formSubject);
  const clash = useClosingValue(actions.question);
  const own = useOwnZone() ?? zone;
  const ownTime = useOwnTime();
  const memberItems = useMemo(() => members.data?.items ?? [], [members.data]);
  const single = view.mode === "week" && view.member !== null && memberItems.some((member) => member.id === view.member);
  const rowMembers = useMemo(() => {
    if (!crew) return memberItems;
    const shown = new Set([...crew, ...shownVisits.flatMap((visit) => visit.members)]);
    return memberItems.filter((member) => shown.has(member.id));
  }, [crew, memberItems, shownVisits]);

  const rows = useMemo((): BoardRow[] => {
    if (single) return memberItems.filter((member) => member.id === view.member).map((member) => ({ id: member.id, title: memberName(member) }));
    return [...rowMembers.map((member) => ({ id: member.id, title: memberName(member) })), { id: null, title: "" }];
  }, [memberItems, rowMembers, single, view.member]);

  const events = useMemo(
    (): BoardEvent[] =>
      shownVisits
        .filter((visit) => !single || visit.members.includes(view.member!))
        .filter((visit) => visit.start_local || visit.day)
        .map((visit) => ({
          id: visit.id,
          title: visit.project_title,
          subtitle: visit.customer_name ?? "",
          start: visit.start_local ?? visit.day!,
          end: visit.end_local ?? addDays(visit.day!, 1),
          anyTime: !visit.start_local,
          members: visit.members.length ? visit.members : [null],
          status: visit.status,
          clash: visit.clashes.length ? visit.clashes.map((entry) => clashText(entry, visit.time_zone)).join("\n") : null,
          ownTime: ownTime(visit),
          editable: visit.status !== "completed" && visit.status !== "cancelled",
        })),
    [shownVisits, single, view.member, clashText, ownTime],
  );

  // Time off cannot be read by everyone everywhere: without it the board still works.
  const off = useMemo(
    (): BoardOff[] =>
      (timeOff.data?.items ?? [])
        .filter((entry) => !single || entry.member === view.member)
        .map((entry) => ({ id: entry.id, member: entry.member, start: wallClockAt(entry.start, zone), end: wallClockAt(entry.end, zone), title: entry.reason ? t("dispatch.timeOffReason", { reason: entry.reason }) : t("dispatch.timeOff") })),
    [timeOff.data, single, view.member, zone, t],
  );

  const labels = useMemo(() => ({ anyTime: t("visits.anyTime"), unassigned: t("dispatch.unassigned"), clash: t("dispatch.clash.badge") }), [t]);
  const onReady = useCallback((found: ((x: number, y: number) => BoardTarget | null) | null) => (targetAt.current = found), []);
  // Until the calendar has drawn, the day shows as a list (it comes with the page).
  const [drawn, setDrawn] = useState(false);
  const onDrawn = useCallback(() => setDrawn(true), []);
  const listed = !drawn && view.mode === "day";

  const drop = useCallback(
    (entry: TrayEntry, x: number, y: number) => {
      const target = targetAt.current?.(x, y);
      if (!target) return false;
      if (entry.kind === "project") void actions.create(entry.project.id, target);
      else void actions.schedule(entry.visit, target);
      return true;
    },
    [actions],
  );

  const openEntry = (entry: TrayEntry) => setFormSubject(entry.kind === "project" ? { visit: null, project: { id: entry.project.id, title: entry.project.title }, date } : { visit: entry.visit });
  const step = (days: number) => change({ date: addDays(date, days) });
  const heading =
    view.mode === "week"
      ? // Two dates rather than a formatted range, whose spacing differs between the server's ICU and the browser's.
        `${format.dateTime(new Date(`${date}T12:00:00Z`), { timeZone: "UTC", day: "numeric", month: "short" })} – ${format.dateTime(new Date(`${addDays(date, 6)}T12:00:00Z`), { timeZone: "UTC", day: "numeric", month: "short", year: "numeric" })}`
      : format.dateTime(new Date(`${date}T12:00:00Z`), { timeZone: "UTC", weekday: "long", day: "numeric", month: "long", year: "numeric" });
  const failure: unknown = members.error ?? visits.error;
  const failed = Boolean(failure);

  return (
    <>
      <Group justify="space-between" gap="sm">
        <Title order={2}>{t("dispatch.title")}</Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setFormSubject({ visit: null, date })}>
          {t("dispatch.newVisit")}
        </Button>
      </Group>
      <Group justify="space-between" gap="sm">
        <Group gap="xs">
          <ActionIcon variant="default" size="lg" onClick={() => step(view.mode === "week" ? -7 : -1)} aria-label={t("dispatch.previous")}>
            <IconChevronLeft size={18} />
          </ActionIcon>
          <Button variant="default" onClick={() => change({ date: null })} disabled={date === (view.mode === "week" ? weekStart(today, firstDay) : today)} style={{ flexShrink: 0 }}>
            {t("dispatch.today")}
          </Button>
          <ActionIcon variant="default" size="lg" onClick={() => step(view.mode === "week" ? 7 : 1)} aria-label={t("dispatch.next")}>
            <IconChevronRight size={18} />
          </ActionIcon>
          <Text fw={600} ml={4} data-testid="schedule-heading">
            {heading}
          </Text>
          {actions.busy && <Loader size="xs" aria-label={t("dispatch.saving")} />}
        </Group>
        <Group gap="sm">
          {view.mode === "week" && (
            <MemberSelect
              aria-label={t("dispatch.member")}
              data={[{ value: "", label: t("dispatch.allMembers") }, ...rowMembers.map((member) => ({ value: member.id, label: memberName(member) }))]}
              value={view.member ?? ""}
              onChange={(value) => change({ member: value || null })}
            />
          )}
          <Button.Group aria-label={t("dispatch.viewLabel")}>
            {(["day", "week"] as const).map((mode) => (
              <Button key={mode} variant={view.mode === mode ? "filled" : "default"} aria-pressed={view.mode === mode} onClick={() => change({ mode })}>
                {t(mode === "day" ? "dispatch.day" : "dispatch.week")}
              </Button>
            ))}
          </Button.Group>
        </Group>
      </Group>
      {own !== zone && (
        <Group gap={6}>
          <IconWorld size={16} aria-hidden color="var(--mantine-color-dimmed)" />
          <Text size="xs" c="dimmed">
            {t("dispatch.zoneNote", { zone: zoneName(zone), own: zoneName(own) })}
          </Text>
        </Group>
      )}
      {failed && <LoadFailure text={t("dispatch.loadFailed")} error={failure} />}
      {!failed && (!ready || !members.data || !visits.data) && (
        <Center py="xl">
          <Loader aria-label={t("common.loading")} />
        </Center>
      )}
      {!failed && ready && members.data && visits.data && (
        <div className={classes.calendarBox}>
          {rowMembers.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {t("dispatch.noMembers")}
            </Text>
          )}
          {listed && <ScheduleAgenda title={heading} rows={rows} events={events} labels={labels} />}
          <div className={listed ? classes.drawing : undefined}>
            <ScheduleCalendar
              mode={view.mode}
              single={single}
              date={date}
              firstDay={firstDay}
              offset={offsetAt(zone, new Date(`${date}T12:00:00Z`))}
              locale={locale}
              rows={rows}
              events={events}
              off={off}
              labels={labels}
              onChange={(moved) => void actions.change(moved)}
              onOpen={setOpened}
              onReady={onReady}
              onDrawn={onDrawn}
            />
          </div>
        </div>
      )}
      <ScheduleTray projects={tray.projects} visits={tray.visits.data} failure={tray.projectsError ?? tray.visits.error} onDrop={drop} onOpen={openEntry} />
      <VisitDrawer
        visit={drawer.shown}
        opened={drawer.opened}
        onClose={() => setOpened(null)}
        onEdit={(visit: VisitItem) => {
          setOpened(null);
          setFormSubject({ visit });
        }}
      />
      <VisitFormDialog key={formShown.opening} subject={formShown.shown} opened={formShown.opened} onClose={() => setFormSubject(null)} onSaved={actions.saved} />
      <ClashDialog question={clash.shown} opened={clash.opened} onDone={actions.answered} />
    </>
  );
}

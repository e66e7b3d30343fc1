"use client";
import { ActionIcon, Button, Center, Container, Group, Loader, Select, SegmentedControl, Stack, Text, Title } from "@mantine/core";
import { IconChevronLeft, IconChevronRight, IconPlus, IconWorld } from "@tabler/icons-react";
import { useFormatter, useLocale, useTranslations } from "next-intl";
import { Suspense, useCallback, useEffect, useMemo, useRef, useState } from "react";
import { PageCrumbs } from "@/components/browse/page-crumbs";
import { useClosingValue } from "@/components/dialog/presence";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { memberName } from "@/components/member/member-item";
import { useActiveMembers } from "@/components/member/use-active-members";
import { addDays, todayAt, wallClockAt, zoneName } from "@/components/visit/days";
import type { VisitFormSubject } from "@/components/visit/visit-form";
import type { VisitItem } from "@/components/visit/visit-item";
import { useOwnTime, useOwnZone } from "@/components/visit/visit-when";
import { offsetAt, weekStart } from "@/components/visit/wall-clock";
import { lazyComponent } from "@/lib/client/lazy-component";
import { firstDayOfWeek } from "@/lib/i18n/locales";
import { useClashText } from "./clash-text";
import type { BoardEvent, BoardOff, BoardRow, BoardTarget, ScheduleCalendarProps } from "./schedule-calendar";
import { ScheduleTray, type TrayEntry } from "./schedule-tray";
import { useScheduleActions } from "./use-schedule-actions";
import { useBoardTimeOff, useBoardVisits, useBoardZone, useTray } from "./use-schedule-data";
import { useScheduleView, type ScheduleMode } from "./use-schedule-view";
import classes from "./schedule.module.css";

// The calendar library and its styles load with this screen only: fetched from its first draw
// (Board), beside the board's data, so the visits are drawn as soon as both are in.
const ScheduleCalendar = lazyComponent<ScheduleCalendarProps>(() => import("./schedule-calendar").then((module) => module.default));

// The panel and dialogs come when first opened: the form brings the pickers, the panel the customer's card.
const VisitDrawer = lazyDialog(() => import("./visit-drawer").then((module) => module.VisitDrawer), (props) => props.opened);
const VisitFormDialog = lazyDialog(() => import("@/components/visit/visit-form").then((module) => module.VisitFormDialog), (props) => props.opened);
const ClashDialog = lazyDialog(() => import("./clash-dialog").then((module) => module.ClashDialog), (props) => props.opened);

/** The dispatch board (/schedule): who does which visit when, and the work waiting to be scheduled. */
export function ScheduleScreen() {
  const t = useTranslations();
  return (
    <Container fluid py="lg">
      <Stack gap="md">
        <PageCrumbs items={[{ label: t("dispatch.crumb") }]} />
        {/* The view is read from the URL, which needs a suspense boundary in the App Router. */}
        <Suspense>
          <Board />
        </Suspense>
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
  useEffect(() => {
    ScheduleCalendar.preload().catch(() => undefined);
  }, []);
  const { zone, ready } = useBoardZone();
  const today = todayAt(zone);
  const firstDay = firstDayOfWeek(locale);
  const date = view.mode === "week" ? weekStart(view.date ?? today, firstDay) : (view.date ?? today);
  const until = addDays(date, view.mode === "week" ? 7 : 1);
  const members = useActiveMembers();
  const visits = useBoardVisits(date, until);
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

  const rows = useMemo((): BoardRow[] => {
    if (single) return memberItems.filter((member) => member.id === view.member).map((member) => ({ id: member.id, title: memberName(member) }));
    return [...memberItems.map((member) => ({ id: member.id, title: memberName(member) })), { id: null, title: "" }];
  }, [memberItems, single, view.member]);

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
  const failed = Boolean(members.error || visits.error);

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
            <Select
              aria-label={t("dispatch.member")}
              data={[{ value: "", label: t("dispatch.allMembers") }, ...memberItems.map((member) => ({ value: member.id, label: memberName(member) }))]}
              value={view.member ?? ""}
              onChange={(value) => change({ member: value || null })}
              allowDeselect={false}
              w={200}
              searchable
            />
          )}
          <SegmentedControl
            aria-label={t("dispatch.viewLabel")}
            value={view.mode}
            onChange={(mode) => change({ mode: mode as ScheduleMode })}
            data={[
              { value: "day", label: t("dispatch.day") },
              { value: "week", label: t("dispatch.week") },
            ]}
          />
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
      {failed && <Text c="dimmed">{t("dispatch.loadFailed")}</Text>}
      {!failed && (!ready || !members.data || !visits.data) && (
        <Center py="xl">
          <Loader aria-label={t("common.loading")} />
        </Center>
      )}
      {!failed && ready && members.data && visits.data && (
        <div className={classes.calendarBox}>
          {memberItems.length === 0 && (
            <Text size="sm" c="dimmed" p="sm">
              {t("dispatch.noMembers")}
            </Text>
          )}
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
          />
        </div>
      )}
      <ScheduleTray projects={tray.projects} visits={tray.visits.data} failed={tray.projectsFailed || Boolean(tray.visits.error)} onDrop={drop} onOpen={openEntry} />
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

"use client";
import { Badge, Group, Paper, ScrollArea, Skeleton, Stack, Text, Title, UnstyledButton } from "@mantine/core";
import { IconCalendarPlus, IconGripVertical } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useRef, useState, type PointerEvent as ReactPointerEvent } from "react";
import type { ProjectItem } from "@/components/project/project-item";
import { LoadFailure } from "@/components/shell/load-failure";
import type { VisitItem } from "@/components/visit/visit-item";
import classes from "./schedule.module.css";

/** What waits in the tray: a project with no visit yet, or a visit with no time. */
export type TrayEntry = { kind: "project"; project: ProjectItem } | { kind: "visit"; visit: VisitItem };

type Props = {
  projects: ProjectItem[] | undefined;
  visits: VisitItem[] | undefined;
  /** Why the tray's projects or visits could not be read. */
  failure: unknown;
  /** Dropped at a point of the screen; answers whether something there took it. */
  onDrop: (entry: TrayEntry, x: number, y: number) => boolean;
  /** Chosen without dragging (click, Enter): its form. */
  onOpen: (entry: TrayEntry) => void;
};

const DRAG_DISTANCE = 5;

/** Work waiting to be scheduled, dragged onto a member's lane (or opened, to schedule it in its form). */
export function ScheduleTray({ projects, visits, failure, onDrop, onOpen }: Props) {
  const failed = Boolean(failure);
  const t = useTranslations();
  const loading = !failed && (!projects || !visits);
  const entries: TrayEntry[] = [
    ...(visits ?? []).map((visit): TrayEntry => ({ kind: "visit", visit })),
    ...(projects ?? []).map((project): TrayEntry => ({ kind: "project", project })),
  ];
  return (
    <Paper withBorder radius="md" p="sm" className={classes.tray} component="section" aria-labelledby="schedule-tray-title">
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="schedule-tray-title">
          {t("dispatch.tray.title")}
        </Title>
        {!loading && !failed && <Badge variant="light" color="gray">{entries.length}</Badge>}
      </Group>
      {failed && <LoadFailure text={t("dispatch.loadFailed")} error={failure} size="sm" />}
      {loading && (
        <Group gap="sm" aria-busy>
          <Skeleton height={56} width={200} radius="md" />
          <Skeleton height={56} width={200} radius="md" />
        </Group>
      )}
      {!loading && !failed && entries.length === 0 && <Text size="sm" c="dimmed">{t("dispatch.tray.empty")}</Text>}
      {entries.length > 0 && (
        <ScrollArea type="auto" offsetScrollbars>
          <Group gap="sm" wrap="nowrap" pb={4} data-testid="schedule-tray">
            {entries.map((entry) => (
              <TrayCard key={entry.kind === "project" ? `p:${entry.project.id}` : `v:${entry.visit.id}`} entry={entry} onDrop={onDrop} onOpen={onOpen} />
            ))}
          </Group>
        </ScrollArea>
      )}
      <Text size="xs" c="dimmed" mt="xs">
        {t("dispatch.tray.hint")}
      </Text>
    </Paper>
  );
}

type Drag = { x: number; y: number; moved: boolean; pointer: number };

function TrayCard({ entry, onDrop, onOpen }: { entry: TrayEntry } & Pick<Props, "onDrop" | "onOpen">) {
  const t = useTranslations();
  const drag = useRef<Drag | null>(null);
  // The click that ends a drag is no click.
  const dragged = useRef(false);
  const [ghost, setGhost] = useState<{ x: number; y: number } | null>(null);
  const title = entry.kind === "project" ? entry.project.title : entry.visit.project_title;
  const detail = entry.kind === "project" ? t("dispatch.tray.needsVisit") : entry.visit.customer_name ?? t("dispatch.tray.noTime");

  const down = (event: ReactPointerEvent) => {
    if (event.button !== 0) return;
    drag.current = { x: event.clientX, y: event.clientY, moved: false, pointer: event.pointerId };
    event.currentTarget.setPointerCapture(event.pointerId);
  };
  const move = (event: ReactPointerEvent) => {
    const now = drag.current;
    if (!now || now.pointer !== event.pointerId) return;
    if (!now.moved && Math.hypot(event.clientX - now.x, event.clientY - now.y) < DRAG_DISTANCE) return;
    now.moved = true;
    setGhost({ x: event.clientX, y: event.clientY });
  };
  const up = (event: ReactPointerEvent) => {
    const now = drag.current;
    drag.current = null;
    if (!now || now.pointer !== event.pointerId) return;
    setGhost(null);
    dragged.current = now.moved;
    if (now.moved) onDrop(entry, event.clientX, event.clientY);
  };
  const cancel = () => {
    drag.current = null;
    setGhost(null);
  };

  return (
    <>
      <UnstyledButton
        className={classes.trayCard}
        data-testid="tray-card"
        data-dragging={ghost ? true : undefined}
        onPointerDown={down}
        onPointerMove={move}
        onPointerUp={up}
        onPointerCancel={cancel}
        // A click that was no drag opens the form (keyboard: Enter or Space).
        onClick={() => {
          if (!dragged.current) onOpen(entry);
          dragged.current = false;
        }}
        aria-label={t("dispatch.tray.schedule", { title })}
      >
        <Group gap={6} wrap="nowrap" align="flex-start">
          <IconGripVertical size={16} className={classes.grip} aria-hidden />
          <Stack gap={2} miw={0}>
            <Text size="sm" fw={600} truncate="end">
              {title}
            </Text>
            <Group gap={4} wrap="nowrap">
              {entry.kind === "project" && <IconCalendarPlus size={13} aria-hidden />}
              <Text size="xs" c="dimmed" truncate="end">
                {detail}
              </Text>
            </Group>
          </Stack>
        </Group>
      </UnstyledButton>
      {ghost && (
        <div className={classes.ghost} style={{ left: ghost.x + 8, top: ghost.y + 8 }} aria-hidden>
          {title}
        </div>
      )}
    </>
  );
}

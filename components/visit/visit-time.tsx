"use client";
import { Stack, Text } from "@mantine/core";
import { useFormatter, useTranslations } from "next-intl";
import type { VisitItem } from "./visit-item";
import { useOwnTime } from "./visit-when";

/** When the visit is on its day, at its own zone (the site's): its time, or "any time"; the window the customer was told; the viewer's own time where it differs. */
export function VisitTime({ visit }: { visit: VisitItem }) {
  const t = useTranslations();
  const format = useFormatter();
  const ownTime = useOwnTime()(visit);
  if (!visit.start || !visit.end) return <Text fw={700}>{t("visits.anyTime")}</Text>;
  const time = (instant: Date) => format.dateTime(instant, { hour: "numeric", minute: "2-digit", timeZone: visit.time_zone });
  const start = new Date(visit.start);
  const windowEnd = visit.arrival_window ? new Date(start.getTime() + visit.arrival_window * 60_000) : null;
  return (
    <Stack gap={0}>
      <Text fw={700}>{t("visits.time", { start: time(start), end: time(new Date(visit.end)) })}</Text>
      {windowEnd && (
        <Text size="xs" c="dimmed">
          {t("visits.arrival", { start: time(start), end: time(windowEnd) })}
        </Text>
      )}
      {ownTime && (
        <Text size="xs" c="dimmed">
          {ownTime}
        </Text>
      )}
    </Stack>
  );
}

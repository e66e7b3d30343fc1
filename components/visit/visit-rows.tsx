"use client";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useFormatter, useTranslations } from "next-intl";
import { OwnerCell } from "@/components/project/project-cells";
import { VisitStatusBadge } from "@/components/visit-day/visit-card";
import { dayDate } from "@/components/visit-day/day-dates";
import type { VisitItem } from "@/components/visit-day/visit-item";

/** When a visit is, in its own time zone: "Tue, 28 Mar, 09:00 – 11:00", or its day and "any time", or "not scheduled". */
export function useVisitWhen() {
  const t = useTranslations();
  const format = useFormatter();
  return (visit: VisitItem) => {
    if (visit.start && visit.end) {
      const zone = visit.time_zone;
      const date = format.dateTime(new Date(visit.start), { weekday: "short", day: "numeric", month: "short", timeZone: zone });
      const time = (instant: string) => format.dateTime(new Date(instant), { hour: "numeric", minute: "2-digit", timeZone: zone });
      return t("visits.when", { date, start: time(visit.start), end: time(visit.end) });
    }
    if (visit.day) return t("visits.whenDay", { date: format.dateTime(dayDate(visit.day), { weekday: "short", day: "numeric", month: "short", timeZone: "UTC" }) });
    return t("visits.unscheduled");
  };
}

/**
 * Visits as a short list: when, and what (the project, or the customer when the
 * list is a project's own), with each one's status.
 */
export function VisitRows({ visits, show }: { visits: VisitItem[]; show: "project" | "customer" }) {
  const when = useVisitWhen();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {visits.map((visit) => (
        <li key={visit.id} data-testid="visit-row">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {when(visit)}
              </Text>
              {show === "project" ? (
                <Anchor component={Link} href={`/project/${visit.project}/visits`} size="sm" style={{ overflowWrap: "anywhere" }}>
                  {visit.project_title}
                </Anchor>
              ) : (
                visit.customer_name && (
                  <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
                    {visit.customer_name}
                  </Text>
                )
              )}
              {show === "customer" && visit.members.length > 0 && (
                <Group gap="xs" mt={2}>
                  {visit.members.map((member) => (
                    <OwnerCell key={member} id={member} />
                  ))}
                </Group>
              )}
              {visit.instructions && show === "customer" && (
                <Text size="xs" c="dimmed" lineClamp={2}>
                  {visit.instructions}
                </Text>
              )}
            </Stack>
            <VisitStatusBadge status={visit.status} />
          </Group>
        </li>
      ))}
    </Stack>
  );
}

"use client";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { OwnerCell } from "@/components/project/project-cells";
import type { VisitItem } from "./visit-item";
import { VisitStatusBadge } from "./visit-status-badge";
import { useOwnTime, useVisitWhen } from "./visit-when";

/**
 * Visits as a short list: when, and what (the project, or the customer when the
 * list is a project's own), with each one's status.
 */
export function VisitRows({ visits, show }: { visits: VisitItem[]; show: "project" | "customer" }) {
  const when = useVisitWhen();
  const ownTime = useOwnTime();
  return (
    <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
      {visits.map((visit) => (
        <li key={visit.id} data-testid="visit-row">
          <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
            <Stack gap={0} style={{ minWidth: 0 }}>
              <Text size="sm" fw={500}>
                {when(visit)}
              </Text>
              {ownTime(visit) && (
                <Text size="xs" c="dimmed">
                  {ownTime(visit)}
                </Text>
              )}
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

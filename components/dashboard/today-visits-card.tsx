"use client";
import { Anchor, Card, Center, Group, Loader, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { OwnerCell } from "@/components/project/project-cells";
import { LoadFailure } from "@/components/shell/load-failure";
import { addDays, browserZone, todayAt } from "@/components/visit/days";
import { NOT_CANCELLED } from "@/components/visit/visit-item";
import { VisitStatusBadge } from "@/components/visit/visit-status-badge";
import { VisitTime } from "@/components/visit/visit-time";
import { useVisits } from "@/components/visit/use-visits";

const SHOWN = 20;

/** Today's visits at the session's location (the whole organization's at organization level), in order, with who goes. */
export function TodayVisitsCard({ location }: { location: string | null }) {
  const t = useTranslations();
  const today = todayAt(browserZone());
  const { data, error } = useVisits(
    { from: today, to: addDays(today, 1), location: location ?? undefined, status: NOT_CANCELLED, limit: SHOWN },
    { shouldRetryOnError: false, revalidateOnFocus: true },
  );
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="today-visits">
      <Stack gap="sm">
        <Group justify="space-between">
          <Title order={3} size="h4" id="today-visits">
            {t("dashboard.todayVisits.title")}
          </Title>
          <Anchor component={Link} href="/schedule/me" size="sm">
            {t("dashboard.todayVisits.mine")}
          </Anchor>
        </Group>
        {error && !data ? (
          <LoadFailure text={t("dashboard.todayVisits.failed")} error={error} size="sm" color="red" />
        ) : !data ? (
          // One line high, as "No visits today." is: the cards below do not move up when it answers.
          <Center h="calc(var(--mantine-font-size-sm) * var(--mantine-line-height-sm))">
            <Loader size="xs" aria-label={t("dashboard.todayVisits.loading")} />
          </Center>
        ) : data.items.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("dashboard.todayVisits.empty")}
          </Text>
        ) : (
          <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
            {data.items.map((visit) => (
              <li key={visit.id} data-testid="today-visit">
                <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <VisitTime visit={visit} />
                    <Anchor component={Link} href={`/project/${visit.project}/visits`} size="sm" style={{ overflowWrap: "anywhere" }}>
                      {visit.project_title}
                    </Anchor>
                    {visit.customer_name && (
                      <Text size="xs" c="dimmed">
                        {visit.customer_name}
                      </Text>
                    )}
                    {visit.members.length > 0 && (
                      <Group gap={4}>
                        {visit.members.map((member) => (
                          <OwnerCell key={member} id={member} />
                        ))}
                      </Group>
                    )}
                  </Stack>
                  <VisitStatusBadge status={visit.status} />
                </Group>
              </li>
            ))}
            {data.more && (
              <Text size="xs" c="dimmed">
                {t("dashboard.todayVisits.more", { count: SHOWN })}
              </Text>
            )}
          </Stack>
        )}
      </Stack>
    </Card>
  );
}

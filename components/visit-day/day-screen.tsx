"use client";
import { ActionIcon, Alert, Button, Center, Container, Group, Loader, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCalendarOff, IconChevronLeft, IconChevronRight } from "@tabler/icons-react";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { LoadFailure } from "@/components/shell/load-failure";
import { PageTitle } from "@/components/shell/page-title";
import { addDays, browserZone, dayDate, isDay, todayAt } from "@/components/visit/days";
import { NOT_CANCELLED, type VisitItem } from "@/components/visit/visit-item";
import { useVisits } from "@/components/visit/use-visits";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import type { SessionView } from "@/lib/client/use-session";
import { useSubmit } from "@/lib/client/use-submit";
import type { VisitStatus } from "@/lib/schemas/visit-status";
import { VisitCard } from "./visit-card";
import { STEPS } from "./visit-steps";

// Fetched when a visit is first completed.
const CompleteDialog = lazyDialog(() => import("./complete-dialog").then((module) => module.CompleteDialog), (props) => props.opened);

/** The visits a technician has on one day (today unless the address names another), in order, with what they do at each. */
export function DayScreen({ session }: { session: SessionView }) {
  const t = useTranslations();
  const format = useFormatter();
  const router = useRouter();
  const asked = useSearchParams().get("day");
  const today = todayAt(browserZone());
  const day = isDay(asked) ? asked : today;
  const { data, error, isLoading, mutate } = useVisits(
    { member: session.member.id, from: day, to: addDays(day, 1), status: NOT_CANCELLED, limit: 200 },
    { revalidateOnFocus: true },
  );
  const [completing, setCompleting] = useState<VisitItem | null>(null);
  const { busy, submit } = useSubmit();

  const go = (next: string) => router.push(next === today ? "/schedule/me" : `/schedule/me?day=${next}`);

  async function changed() {
    await Promise.all([mutate(), invalidate("/visit", "/file", "/project")]);
  }

  function step(visit: VisitItem, status: VisitStatus, etaMinutes?: number) {
    if (status === "completed") return setCompleting(visit);
    void submit(async () => {
      await api.patch(`/visit/${visit.id}`, { status, ...(etaMinutes ? { eta_minutes: etaMinutes } : {}) });
      toast("success", translate(STEPS[status]!.done, { project: visit.project_title }));
      await changed();
    });
  }

  const heading = format.dateTime(dayDate(day), { weekday: "long", day: "numeric", month: "long", timeZone: "UTC" });
  const visits = data?.items ?? [];
  return (
    <Container size="sm" px="sm" py="md">
      <PageTitle parts={[t("myDay.title")]} />
      <Stack gap="md">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <ActionIcon variant="default" size="lg" onClick={() => go(addDays(day, -1))} aria-label={t("myDay.previous")}>
            <IconChevronLeft size={20} />
          </ActionIcon>
          <Stack gap={0} align="center" style={{ minWidth: 0 }}>
            <Title order={2} size="h4" ta="center">
              {day === today ? t("myDay.today") : heading}
            </Title>
            <Text size="sm" c="dimmed" ta="center">
              {day === today ? heading : t("myDay.title")}
            </Text>
          </Stack>
          <ActionIcon variant="default" size="lg" onClick={() => go(addDays(day, 1))} aria-label={t("myDay.next")}>
            <IconChevronRight size={20} />
          </ActionIcon>
        </Group>
        {day !== today && (
          <Center>
            <Button component={Link} href="/schedule/me" variant="subtle" size="compact-sm">
              {t("myDay.backToToday")}
            </Button>
          </Center>
        )}
        {error && !data ? (
          <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Group justify="space-between" gap="xs">
              <LoadFailure text={t("myDay.failed")} error={error} size="sm" color="inherit" />
              <Button size="compact-sm" variant="default" onClick={() => void mutate()}>
                {t("common.retry")}
              </Button>
            </Group>
          </Alert>
        ) : isLoading || !data ? (
          <Center py="xl">
            <Loader aria-label={t("myDay.loading")} />
          </Center>
        ) : visits.length === 0 ? (
          <Stack align="center" gap="xs" py="xl" c="dimmed">
            <IconCalendarOff size={36} aria-hidden />
            <Text size="sm" ta="center">
              {day === today ? t("myDay.emptyToday") : t("myDay.empty")}
            </Text>
          </Stack>
        ) : (
          <Stack gap="sm" component="section" aria-label={t("myDay.visits", { count: visits.length })}>
            <Text size="sm" c="dimmed">
              {t("myDay.visits", { count: visits.length })}
            </Text>
            {visits.map((visit) => (
              <VisitCard key={visit.id} visit={visit} busy={busy} onStep={step} />
            ))}
          </Stack>
        )}
      </Stack>
      <CompleteDialog
        visit={completing}
        opened={completing !== null}
        onClose={() => setCompleting(null)}
        onCompleted={async (visit) => {
          toast("success", translate("myDay.stepped.completed", { project: visit.project_title }));
          await changed();
        }}
      />
    </Container>
  );
}

"use client";
import { Anchor, Card, CloseButton, Group, List, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { IconCheck, IconCircleDashed } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { CUSTOMER, LOCATION, MEMBER, PROJECT_TYPE } from "@/components/entities";
import type { FirstStepsDone } from "./dashboard-data";

// Labels and hints are catalogue keys.
const STEPS: { key: keyof FirstStepsDone; label: string; href: string; hint: string }[] = [
  { key: "location", label: "dashboard.firstSteps.location", href: `${LOCATION.path}/new`, hint: "dashboard.firstSteps.locationHint" },
  { key: "member", label: "dashboard.firstSteps.member", href: `${MEMBER.path}/new`, hint: "dashboard.firstSteps.memberHint" },
  { key: "project_type", label: "dashboard.firstSteps.projectType", href: `${PROJECT_TYPE.path}/new`, hint: "dashboard.firstSteps.projectTypeHint" },
  { key: "customers", label: "dashboard.firstSteps.customers", href: CUSTOMER.path, hint: "dashboard.firstSteps.customersHint" },
  { key: "mailbox", label: "dashboard.firstSteps.mailbox", href: "/organization/integrations", hint: "dashboard.firstSteps.mailboxHint" },
];

/** The steps the server offers: connecting a mailbox only where a mailbox provider is configured. */
const offered = (done: FirstStepsDone) => STEPS.filter((step) => done[step.key] !== undefined);
const finishedOf = (done: FirstStepsDone) => offered(done).filter((step) => done[step.key]).length;

/** Whether the first steps show: until all are done or the member dismisses them (on this browser). */
export function useFirstSteps(memberId: string, done: FirstStepsDone | undefined) {
  const [dismissed, setDismissed] = useLocalStorage({ key: `craftdesk:first-steps-dismissed:${memberId}`, defaultValue: false });
  const shown = done !== undefined && !dismissed && finishedOf(done) < offered(done).length;
  return { shown, dismiss: () => setDismissed(true) };
}

/** The organization's first steps, each ticked once it has happened anywhere in the organization. */
export function FirstSteps({ done, onDismiss }: { done: FirstStepsDone; onDismiss: () => void }) {
  const t = useTranslations();
  const steps = offered(done);
  const finished = finishedOf(done);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="first-steps">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id="first-steps">
            {t("dashboard.firstSteps.title")}
          </Title>
          <CloseButton aria-label={t("dashboard.firstSteps.dismiss")} onClick={onDismiss} />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={(finished / steps.length) * 100} flex={1} aria-label={t("dashboard.firstSteps.progress")} />
          <Text size="sm" c="dimmed">
            {t("dashboard.firstSteps.done", { finished, total: steps.length })}
          </Text>
        </Group>
        <List spacing="xs" listStyleType="none">
          {steps.map((step) => (
            <List.Item
              key={step.key}
              icon={
                <ThemeIcon size={22} radius="xl" color={done[step.key] ? "teal" : "gray"} variant={done[step.key] ? "filled" : "light"}>
                  {done[step.key] ? <IconCheck size={14} aria-label={t("dashboard.firstSteps.stepDone")} /> : <IconCircleDashed size={14} aria-label={t("dashboard.firstSteps.stepToDo")} />}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} href={step.href} size="sm" td={done[step.key] ? "line-through" : undefined}>
                {t(step.label)}
              </Anchor>
              <Text size="xs" c="dimmed">
                {t(step.hint)}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

"use client";
import { Anchor, Card, CloseButton, Group, List, Progress, Stack, Text, ThemeIcon, Title } from "@mantine/core";
import { useLocalStorage } from "@mantine/hooks";
import { IconCheck, IconCircleDashed } from "@tabler/icons-react";
import Link from "next/link";
import { CUSTOMER, LOCATION, MEMBER, PROJECT_TYPE } from "@/components/entities";
import type { FirstStepsDone } from "./dashboard-data";

const STEPS: { key: keyof FirstStepsDone; label: string; href: string; hint: string }[] = [
  { key: "location", label: "Create a location", href: `${LOCATION.path}/new`, hint: "Each branch or workshop" },
  { key: "member", label: "Invite a member", href: `${MEMBER.path}/new`, hint: "Dispatchers, technicians, office staff" },
  { key: "project_type", label: "Create a project type", href: `${PROJECT_TYPE.path}/new`, hint: "Its statuses, fields and workflows" },
  { key: "customers", label: "Import your customers", href: CUSTOMER.path, hint: "More actions → Import, or add them one by one" },
  { key: "mailbox", label: "Connect a mailbox", href: "/organization/integrations", hint: "Email from customers arrives as conversations" },
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
  const steps = offered(done);
  const finished = finishedOf(done);
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="first-steps">
      <Stack gap="sm">
        <Group justify="space-between" wrap="nowrap">
          <Title order={3} size="h4" id="first-steps">
            First steps
          </Title>
          <CloseButton aria-label="Dismiss first steps" onClick={onDismiss} />
        </Group>
        <Group gap="sm" wrap="nowrap">
          <Progress value={(finished / steps.length) * 100} flex={1} aria-label="First steps done" />
          <Text size="sm" c="dimmed">
            {finished} of {steps.length} done
          </Text>
        </Group>
        <List spacing="xs" listStyleType="none">
          {steps.map((step) => (
            <List.Item
              key={step.key}
              icon={
                <ThemeIcon size={22} radius="xl" color={done[step.key] ? "teal" : "gray"} variant={done[step.key] ? "filled" : "light"}>
                  {done[step.key] ? <IconCheck size={14} aria-label="Done" /> : <IconCircleDashed size={14} aria-label="To do" />}
                </ThemeIcon>
              }
            >
              <Anchor component={Link} href={step.href} size="sm" td={done[step.key] ? "line-through" : undefined}>
                {step.label}
              </Anchor>
              <Text size="xs" c="dimmed">
                {step.hint}
              </Text>
            </List.Item>
          ))}
        </List>
      </Stack>
    </Card>
  );
}

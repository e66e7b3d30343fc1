"use client";
import { Anchor, Breadcrumbs, Container, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFolderPlus, IconMessageCircle, IconUser, IconUserPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useMemo } from "react";
import { CONVERSATION, CUSTOMER, PROJECT } from "@/components/entities";
import { FormError } from "@/components/auth/form-error";
import { PageTitle } from "@/components/shell/page-title";
import { failureText } from "@/lib/client/toast";
import { useApi } from "@/lib/client/use-api";
import { holds, type SessionView } from "@/lib/client/use-session";
import { listHref, startOfWeek, type DashboardView } from "./dashboard-data";
import { FigureCard } from "./figure-card";
import { FirstSteps, useFirstSteps } from "./first-steps";
import { OpenProjectsCard } from "./open-projects-card";

/** Start: what needs attention at the session's location, each figure a link to exactly its rows. */
export function DashboardScreen({ session }: { session: SessionView }) {
  const since = useMemo(() => startOfWeek().toISOString(), []);
  const { data, error } = useApi<DashboardView>("/dashboard", { created_since: since }, { revalidateOnFocus: true });
  const me = session.member.id;
  const where = session.location?.name ?? "the whole organization";
  const firstSteps = useFirstSteps(me, holds(session, "admin") ? data?.first_steps : undefined);

  return (
    <Container size="lg" py="lg">
      <Stack>
        <PageTitle parts={["Dashboard"]} />
        <Breadcrumbs separator="/">
          <Anchor component={Link} href="/">
            Home
          </Anchor>
          <Text>Start</Text>
        </Breadcrumbs>
        <div>
          <Title order={2}>Dashboard</Title>
          <Text c="dimmed" size="sm">
            What needs attention at {where}.
          </Text>
        </div>
        {error && !data ? (
          <FormError message={`The figures could not be loaded: ${failureText(error)}`} />
        ) : !data ? (
          <Group justify="center" py="xl">
            <Loader aria-label="Loading the figures" />
          </Group>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "xs", sm: "md" }}>
              <FigureCard
                label="My open projects"
                value={data.my_open_projects}
                href={listHref(PROJECT.path, { owner: me, open: "true" })}
                icon={IconUser}
              />
              <FigureCard
                label="Unread conversations"
                value={data.unread_conversations}
                href={listHref(CONVERSATION.path, { unread: "true" })}
                icon={IconMessageCircle}
              />
              <FigureCard
                label="New customers this week"
                value={data.new_customers}
                href={listHref(CUSTOMER.path, { created_since: data.created_since })}
                icon={IconUserPlus}
              />
              <FigureCard
                label="New projects this week"
                value={data.new_projects}
                href={listHref(PROJECT.path, { created_since: data.created_since })}
                icon={IconFolderPlus}
              />
            </SimpleGrid>
            <Grid align="flex-start">
              <Grid.Col span={{ base: 12, md: firstSteps.shown ? 7 : 12 }}>
                <OpenProjectsCard types={data.open_projects} />
              </Grid.Col>
              {firstSteps.shown && (
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <FirstSteps done={data.first_steps} onDismiss={firstSteps.dismiss} />
                </Grid.Col>
              )}
            </Grid>
          </>
        )}
      </Stack>
    </Container>
  );
}

"use client";
import { Anchor, Breadcrumbs, Container, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconFolderPlus, IconMessageCircle, IconUser, IconUserPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { CONVERSATION, CUSTOMER, PROJECT } from "@/components/entities";
import { FormError } from "@/components/auth/form-error";
import { PageTitle } from "@/components/shell/page-title";
import { failureText } from "@/lib/client/toast";
import { firstDayOfWeek } from "@/lib/i18n/locales";
import { useApi } from "@/lib/client/use-api";
import { holds, type SessionView } from "@/lib/client/use-session";
import { listHref, startOfWeek, type DashboardView } from "./dashboard-data";
import { FigureCard } from "./figure-card";
import { FirstSteps, useFirstSteps } from "./first-steps";
import { OpenProjectsCard } from "./open-projects-card";
import { TodayVisitsCard } from "./today-visits-card";

/** Start: what needs attention at the session's location, each figure a link to exactly its rows. */
export function DashboardScreen({ session }: { session: SessionView }) {
  const locale = useLocale();
  const since = useMemo(() => startOfWeek(firstDayOfWeek(locale)).toISOString(), [locale]);
  const { data, error } = useApi<DashboardView>("/dashboard", { created_since: since }, { revalidateOnFocus: true });
  const t = useTranslations();
  const me = session.member.id;
  const firstSteps = useFirstSteps(me, holds(session, "admin") ? data?.first_steps : undefined);

  return (
    <Container size="lg" py="lg">
      <Stack>
        <PageTitle parts={[t("shell.nav.link.dashboard")]} />
        <Breadcrumbs separator="/">
          <Anchor component={Link} href="/">
            {t("shell.nav.section.home")}
          </Anchor>
          <Text>{t("dashboard.crumb")}</Text>
        </Breadcrumbs>
        <div>
          <Title order={2}>{t("shell.nav.link.dashboard")}</Title>
          <Text c="dimmed" size="sm">
            {session.location ? t("dashboard.intro", { where: session.location.name }) : t("dashboard.introOrganization")}
          </Text>
        </div>
        {error && !data ? (
          <FormError message={t("dashboard.failed", { reason: failureText(error) })} />
        ) : !data ? (
          <Group justify="center" py="xl">
            <Loader aria-label={t("dashboard.loading")} />
          </Group>
        ) : (
          <>
            <SimpleGrid cols={{ base: 2, md: 4 }} spacing={{ base: "xs", sm: "md" }}>
              <FigureCard
                label={t("dashboard.figure.myOpenProjects")}
                value={data.my_open_projects}
                href={listHref(PROJECT.path, { owner: me, open: "true" })}
                icon={IconUser}
              />
              <FigureCard
                label={t("dashboard.figure.unreadConversations")}
                value={data.unread_conversations}
                href={listHref(CONVERSATION.path, { unread: "true" })}
                icon={IconMessageCircle}
              />
              <FigureCard
                label={t("dashboard.figure.newCustomers")}
                value={data.new_customers}
                href={listHref(CUSTOMER.path, { created_since: data.created_since })}
                icon={IconUserPlus}
              />
              <FigureCard
                label={t("dashboard.figure.newProjects")}
                value={data.new_projects}
                href={listHref(PROJECT.path, { created_since: data.created_since })}
                icon={IconFolderPlus}
              />
            </SimpleGrid>
            <Grid align="flex-start">
              <Grid.Col span={{ base: 12, md: firstSteps.shown ? 7 : 12 }}>
                <Stack>
                  <TodayVisitsCard location={session.location?.id ?? null} />
                  <OpenProjectsCard types={data.open_projects} />
                </Stack>
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

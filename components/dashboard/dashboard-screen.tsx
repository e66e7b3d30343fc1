"use client";
import { Anchor, Breadcrumbs, Container, Grid, Group, Loader, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { IconAlertTriangle, IconCash, IconFileInvoice, IconFolderPlus, IconHourglass, IconMessageCircle, IconUser, IconUserPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { CONVERSATION, CUSTOMER, PROJECT } from "@/components/entities";
import { FormError } from "@/components/auth/form-error";
import { PageTitle } from "@/components/shell/page-title";
import { failureText } from "@/lib/client/toast";
import { formatMoney } from "@/lib/money/format";
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
            <InvoiceFigures figures={data.invoices} locale={locale} />
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

/** The invoice list with these statuses (the list screen reads `status` repeated). */
const invoiceHref = (statuses: string[], sort?: string) => {
  const query = new URLSearchParams(statuses.map((status) => ["status", status]));
  if (sort) query.set("sort", sort);
  return `/invoice?${query}`;
};

const OPEN = ["issued", "sent", "partly_paid", "overdue"];

/** This month's invoiced and paid, what is outstanding and overdue: each a link to the invoices it sums. */
function InvoiceFigures({ figures, locale }: { figures: DashboardView["invoices"]; locale: string }) {
  const t = useTranslations();
  const money = (amount: number) => formatMoney(amount, figures.currency, locale);
  return (
    // Amounts need wider cards than counts: four in a row only where each keeps its amount on one line.
    <SimpleGrid cols={{ base: 2, lg: 4 }} spacing={{ base: "xs", sm: "md" }}>
      <FigureCard
        label={t("dashboard.figure.invoicedThisMonth")}
        value={money(figures.invoiced_this_month)}
        detail={t("dashboard.figure.invoices", { count: figures.invoices_this_month })}
        href={invoiceHref([...OPEN, "paid"], "issue_date:desc")}
        icon={IconFileInvoice}
      />
      <FigureCard
        label={t("dashboard.figure.paidThisMonth")}
        value={money(figures.paid_this_month)}
        detail={t("dashboard.figure.payments", { count: figures.payments_this_month })}
        href={invoiceHref(["paid", "partly_paid"], "updated:desc")}
        icon={IconCash}
      />
      <FigureCard
        label={t("dashboard.figure.outstanding")}
        value={money(figures.outstanding)}
        detail={t("dashboard.figure.invoices", { count: figures.outstanding_count })}
        href={invoiceHref(OPEN, "due_date:asc")}
        icon={IconHourglass}
      />
      <FigureCard
        label={t("dashboard.figure.overdue")}
        value={money(figures.overdue)}
        detail={t("dashboard.figure.invoices", { count: figures.overdue_count })}
        href={invoiceHref(["overdue"], "due_date:asc")}
        icon={IconAlertTriangle}
      />
    </SimpleGrid>
  );
}

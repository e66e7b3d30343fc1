"use client";
import { Anchor, Card, Loader, Stack, Text, Title } from "@mantine/core";
import { IconCalendarDue } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import { ReadOnlyNote } from "@/components/form/read-only-note";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";
import type { IntegrationsView } from "@/lib/schemas/integrations";
import { DEFAULT_PAYMENT_TERMS_DAYS } from "@/lib/schemas/invoice-values";
import type { OrganizationItem } from "./organization-item";
import { PaymentsCard } from "./payments-card";

/** Organization → Payments: when invoices fall due, and how customers pay by card (Stripe's state and the webhook address). */
export function PaymentsTab() {
  const t = useTranslations();
  const { item } = useDetail<OrganizationItem>();
  const { data: session } = useSession();
  // The server's configuration is the admins' to read (GET …/integrations needs admin).
  const admin = session ? holds(session, "admin") : false;
  const integrations = useApi<IntegrationsView>(admin ? `/organization/${item.id}/integrations` : null);
  const days = item.business.payment_terms_days ?? DEFAULT_PAYMENT_TERMS_DAYS;
  return (
    <Stack gap="sm" maw={720}>
      <Text size="sm" c="dimmed">
        {t("organization.payments.intro")}
      </Text>
      <Card withBorder padding="md" component="section" aria-labelledby="payment-terms-title">
        <Stack gap="xs">
          <Title order={3} size="h5" id="payment-terms-title">
            <IconCalendarDue size={20} aria-hidden style={{ verticalAlign: "text-bottom", marginInlineEnd: 8 }} />
            {t("organization.payments.termsTitle")}
          </Title>
          <Text size="sm">{t("organization.payments.terms", { days })}</Text>
          <Anchor component={Link} href="/organization/business" size="sm">
            {t("organization.payments.termsChange")}
          </Anchor>
        </Stack>
      </Card>
      {session && !admin && <ReadOnlyNote>{t("organization.payments.readOnly")}</ReadOnlyNote>}
      {integrations.error && (
        <Text size="sm" c="red">
          {t("organization.integrations.loadFailed")}
        </Text>
      )}
      {integrations.isLoading && <Loader size="sm" aria-label={t("common.loading")} />}
      {integrations.data && <PaymentsCard payments={integrations.data.payments} />}
    </Stack>
  );
}

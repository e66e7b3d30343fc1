"use client";
import { Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import { IconCreditCard } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { IntegrationsView } from "@/lib/schemas/integrations";
import { CopyField } from "./sms-card";

/** Card payments through Stripe: configured by the server's environment (the keys are never shown); the admin gives Stripe the webhook address. */
export function PaymentsCard({ payments }: { payments: IntegrationsView["payments"] }) {
  const t = useTranslations();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="payments-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconCreditCard size={28} aria-hidden />
          <Title order={3} size="h5" id="payments-title">
            {t("organization.payments.title")}
          </Title>
          {payments.provider && (
            <Badge color="green" variant="light">
              Stripe
            </Badge>
          )}
        </Group>
        <Text size="sm" c="dimmed">
          {payments.provider ? t("organization.payments.configured") : t("organization.payments.notConfigured")}
        </Text>
        <CopyField label={t("organization.payments.webhook")} copyLabel={t("organization.payments.copyWebhook")} value={payments.webhook_url} />
      </Stack>
    </Card>
  );
}

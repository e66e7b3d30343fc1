"use client";
import { Divider, Group, Paper, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/lib/money/format";
import { percentNumber } from "@/lib/money/decimal";
import type { OptionTotals } from "@/lib/money/quote-totals";

function Row({ label, amount, currency, strong, testId }: { label: string; amount: number; currency: string; strong?: boolean; testId?: string }) {
  const locale = useLocale();
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap">
      <Text size="sm" fw={strong ? 700 : undefined}>
        {label}
      </Text>
      <Text size="sm" fw={strong ? 700 : undefined} data-testid={testId} style={{ whiteSpace: "nowrap" }}>
        {formatMoney(amount, currency, locale)}
      </Text>
    </Group>
  );
}

/** An option's totals as the customer will see them: by tax rate, then net, tax, gross and the deposit asked. */
export function QuoteTotalsCard({ totals, currency, name }: { totals: OptionTotals; currency: string; name: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t("quote.totals.title", { option: name })} data-testid="quote-totals">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {t("quote.totals.title", { option: name })}
        </Text>
        {totals.totals.groups.map((group) => (
          <Group key={`${group.code}-${group.percent}-${group.exemptionReason ?? ""}`} justify="space-between" gap="xs" wrap="nowrap">
            <Text size="xs" c="dimmed">
              {t("quote.totals.group", { percent: percent.format(percentNumber(group.percent)), net: formatMoney(group.net, currency, locale) })}
            </Text>
            <Text size="xs" c="dimmed" style={{ whiteSpace: "nowrap" }}>
              {formatMoney(group.tax, currency, locale)}
            </Text>
          </Group>
        ))}
        <Divider my={4} />
        <Row label={t("quote.totals.net")} amount={totals.totals.net} currency={currency} testId="total-net" />
        <Row label={t("quote.totals.tax")} amount={totals.totals.tax} currency={currency} testId="total-tax" />
        <Row label={t("quote.totals.gross")} amount={totals.totals.gross} currency={currency} strong testId="total-gross" />
        {totals.deposit > 0 && <Row label={t("quote.totals.deposit")} amount={totals.deposit} currency={currency} testId="total-deposit" />}
      </Stack>
    </Paper>
  );
}

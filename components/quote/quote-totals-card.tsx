"use client";
import { Divider, Group, Paper, Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/lib/money/format";
import { percentNumber } from "@/lib/money/decimal";
import type { OptionTotals } from "@/lib/money/quote-totals";
import type { Totals } from "@/lib/money/totals";

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

/** A figure of a totals card: its label, amount, and whether it is the one that counts (bold). */
export type TotalsRow = { label: string; amount: number; strong?: boolean; testId?: string };

/** A document's totals: by tax rate, then the figures given (net, tax, gross, and what each document adds). */
export function DocumentTotalsCard({ title, groups, rows, currency }: { title: string; groups: Totals["groups"]; rows: TotalsRow[]; currency: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={title} data-testid="quote-totals">
      <Stack gap={4}>
        <Text fw={600} size="sm">
          {title}
        </Text>
        {groups.map((group) => (
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
        {rows.map((row) => (
          <Row key={row.label} label={row.label} amount={row.amount} currency={currency} strong={row.strong} testId={row.testId} />
        ))}
      </Stack>
    </Paper>
  );
}

/** An option's totals as the customer will see them: by tax rate, then net, tax, gross and the deposit asked. */
export function QuoteTotalsCard({ totals, currency, name }: { totals: OptionTotals; currency: string; name: string }) {
  const t = useTranslations();
  const rows: TotalsRow[] = [
    { label: t("quote.totals.net"), amount: totals.totals.net, testId: "total-net" },
    { label: t("quote.totals.tax"), amount: totals.totals.tax, testId: "total-tax" },
    { label: t("quote.totals.gross"), amount: totals.totals.gross, strong: true, testId: "total-gross" },
    ...(totals.deposit > 0 ? [{ label: t("quote.totals.deposit"), amount: totals.deposit, testId: "total-deposit" }] : []),
  ];
  return <DocumentTotalsCard title={t("quote.totals.title", { option: name })} groups={totals.totals.groups} rows={rows} currency={currency} />;
}

"use client";
import { Divider, Group, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { formatMoney } from "@/lib/money/format";
import type { InvoiceTotals } from "@/lib/money/invoice-totals";
import type { InvoiceLine, InvoiceSection } from "@/lib/schemas/invoice-content";
import { LineDetail } from "@/components/public-document/line-detail";

function Line({ line, net, currency }: { line: InvoiceLine; net: number; currency: string }) {
  const locale = useLocale();
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="invoice-line">
      <LineDetail line={line} currency={currency} />
      <Text size="sm" fw={500} style={{ whiteSpace: "nowrap" }}>
        {formatMoney(net, currency, locale)}
      </Text>
    </Group>
  );
}

/** An invoice's sections and lines, each section with its subtotal when there are several. */
export function InvoiceLines({ sections, totals, currency }: { sections: InvoiceSection[]; totals: InvoiceTotals; currency: string }) {
  const t = useTranslations();
  const locale = useLocale();
  return (
    <Stack gap="md">
      {sections.map((section, index) => (
        <Stack key={section.id} gap="sm">
          {section.title && (
            <Title order={3} size="h5">
              {section.title}
            </Title>
          )}
          {section.lines.map((line) => (
            <Line key={line.id} line={line} net={totals.lineNets[line.id]} currency={currency} />
          ))}
          {sections.length > 1 && (
            <>
              <Divider variant="dashed" />
              <Group justify="space-between">
                <Text size="sm" c="dimmed">
                  {t("publicInvoice.subtotal")}
                </Text>
                <Text size="sm">{formatMoney(totals.sections[index].net, currency, locale)}</Text>
              </Group>
            </>
          )}
        </Stack>
      ))}
    </Stack>
  );
}

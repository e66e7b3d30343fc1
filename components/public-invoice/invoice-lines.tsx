"use client";
import { Divider, Group, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { fromScaled, percentNumber, QUANTITY_SCALE } from "@/lib/money/decimal";
import { formatMoney } from "@/lib/money/format";
import type { InvoiceTotals } from "@/lib/money/invoice-totals";
import type { InvoiceLine, InvoiceSection } from "@/lib/schemas/invoice-content";
import { percentText } from "@/components/public-document/format";
import { useQuantityWithUnit } from "@/components/price-item/quantity-with-unit";

function Line({ line, net, currency }: { line: InvoiceLine; net: number; currency: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const quantity = useQuantityWithUnit()(Number(fromScaled(line.quantity, QUANTITY_SCALE)), line.unit);
  const discount = line.discount === null ? null : "amount" in line.discount ? money(line.discount.amount) : `${percentText(locale, percentNumber(line.discount.percent_milli))} %`;
  return (
    <Group justify="space-between" align="flex-start" wrap="nowrap" gap="sm" data-testid="invoice-line">
      <Stack gap={2} style={{ minWidth: 0, flex: 1 }}>
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {line.name}
        </Text>
        {line.description && (
          <Text size="xs" c="dimmed" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
            {line.description}
          </Text>
        )}
        <Text size="xs" c="dimmed">
          {t("publicInvoice.quantity", { quantity, price: money(line.unit_price) })}
          {discount && ` · ${t("publicInvoice.discount", { discount })}`}
        </Text>
      </Stack>
      <Text size="sm" fw={500} style={{ whiteSpace: "nowrap" }}>
        {money(net)}
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

"use client";
import { Stack, Text } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { fromScaled, percentNumber, QUANTITY_SCALE } from "@/lib/money/decimal";
import { formatMoney } from "@/lib/money/format";
import type { InvoiceLine } from "@/lib/schemas/invoice-content";
import type { QuoteLine } from "@/lib/schemas/quote-content";
import { useQuantityWithUnit } from "@/components/price-item/quantity-with-unit";
import { percentText } from "./format";

type Line = Pick<QuoteLine | InvoiceLine, "name" | "description" | "quantity" | "unit" | "unit_price" | "discount">;

/** A line of a quote or an invoice as the customer's page prints it: its name and description, quantity × price and any discount. */
export function LineDetail({ line, currency }: { line: Line; currency: string }) {
  const t = useTranslations();
  const locale = useLocale();
  const money = (amount: number) => formatMoney(amount, currency, locale);
  const quantity = useQuantityWithUnit()(Number(fromScaled(line.quantity, QUANTITY_SCALE)), line.unit);
  const discount =
    line.discount === null ? null : "amount" in line.discount ? money(line.discount.amount) : `${percentText(locale, percentNumber(line.discount.percent_milli))} %`;
  return (
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
        {t("publicDocument.quantity", { quantity, price: money(line.unit_price) })}
        {discount && ` · ${t("publicDocument.discount", { discount })}`}
      </Text>
    </Stack>
  );
}

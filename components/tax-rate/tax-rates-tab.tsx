"use client";
import { Anchor, Badge, Button, Group, Stack, Switch, Table, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { RecordCard } from "@/components/customer/record-card";
import { useLabel } from "@/components/shell/use-label";
import type { TaxRateItem } from "@/components/price-item/price-item-item";
import { TAX_RATE, createHref } from "@/components/entities";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";
import { TAX_CATEGORY_OPTIONS } from "./tax-rate-form";

/** Organization → Tax rates: the rates quotes and the price book choose from, the default first among equals. */
export function TaxRatesTab() {
  const t = useTranslations();
  const label = useLabel();
  const locale = useLocale();
  const { data: session } = useSession();
  const [archived, setArchived] = useState(false);
  const { data, error, isLoading, mutate } = useApi<{ items: TaxRateItem[] }>("/tax_rate", { status: archived ? "archived" : "active", limit: "500" });
  const percent = new Intl.NumberFormat(locale, { maximumFractionDigits: 3 });
  const category = (value: string) => label(TAX_CATEGORY_OPTIONS.find((option) => option.value === value)?.label ?? value);
  return (
    <Stack gap="md" maw={760}>
      <Text size="sm" c="dimmed">
        {t("taxRate.intro")}
      </Text>
      <RecordCard
        title={t("taxRate.entity.plural")}
        loadingLabel={t("taxRate.loading")}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        empty={data && data.items.length === 0 ? (archived ? t("taxRate.noneArchived") : t("taxRate.none")) : null}
        actions={
          <Group gap="sm">
            <Switch size="sm" label={t("taxRate.showArchived")} checked={archived} onChange={(event) => setArchived(event.currentTarget.checked)} />
            {session && holds(session, "admin") && (
              <Button component={Link} href={createHref(TAX_RATE)} size="compact-sm" variant="light" leftSection={<IconPlus size={14} />}>
                {t("taxRate.entity.new")}
              </Button>
            )}
          </Group>
        }
      >
          <Table verticalSpacing="xs" aria-label={t("taxRate.entity.plural")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("taxRate.field.name")}</Table.Th>
                <Table.Th ta="right">{t("taxRate.field.percent")}</Table.Th>
                <Table.Th>{t("taxRate.field.category")}</Table.Th>
                <Table.Th visibleFrom="sm">{t("taxRate.column.vatCode")}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data?.items.map((rate) => (
                <Table.Tr key={rate.id}>
                  <Table.Td>
                    <Group gap={6}>
                      <Anchor component={Link} href={`${TAX_RATE.path}/${rate.id}`} size="sm">
                        {rate.name}
                      </Anchor>
                      {rate.default && (
                        <Badge size="sm" variant="light" tt="none" style={{ flexShrink: 0 }}>
                          {t("taxRate.default")}
                        </Badge>
                      )}
                    </Group>
                  </Table.Td>
                  <Table.Td ta="right" style={{ fontVariantNumeric: "tabular-nums" }}>
                    {percent.format(rate.percent)} %
                  </Table.Td>
                  <Table.Td>{category(rate.category)}</Table.Td>
                  <Table.Td visibleFrom="sm">{rate.vat_code}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
      </RecordCard>
    </Stack>
  );
}

"use client";
import { ActionIcon, Button, Fieldset, Grid, Group, Input, Paper, SegmentedControl, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconMinus, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useMemo } from "react";
import { useDetail } from "@/components/detail/detail-context";
import type { FieldRenderProps } from "@/components/form/form-config";
import { MoneyInput } from "@/components/money/money-input";
import { useTaxRateLabel, useTaxRates } from "@/components/price-item/price-item-pickers";
import { DocumentTotalsCard, type TotalsRow } from "@/components/quote/quote-totals-card";
import type { SectionValues } from "@/components/quote/quote-values";
import { SectionsEditor } from "@/components/quote/sections-editor";
import { errorsBelow } from "@/lib/client/field-errors";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import { INVOICE_LIMITS } from "@/lib/schemas/invoice-values";
import type { InvoiceItem } from "./invoice-item";
import { invoiceContentOf, newAllowance, type AllowanceValues } from "./invoice-values";

/** Whether the invoice's content is written here: a draft invoice (a credit note's lines are those it credits), by a session that edits. */
function useLocked(readOnly: boolean | undefined) {
  const { item, level } = useDetail<InvoiceItem>();
  return Boolean(readOnly) || item.status !== "draft" || item.kind === "credit_note" || level !== "edit";
}

/**
 * The invoice's sections and lines (the quote editor's, components/quote/sections-editor.tsx)
 * beside its totals, computed as they are typed by `invoiceTotals` from the values as they
 * would be stored: the figures the server, the PDF and the e-invoices show, with the
 * deposits already invoiced deducted and the amount due.
 */
export function InvoiceEditor({ value, onChange, errors = {}, form, readOnly }: FieldRenderProps) {
  const t = useTranslations();
  const { item } = useDetail<InvoiceItem>();
  const locked = useLocked(readOnly);
  const sections = (value ?? []) as SectionValues[];
  const allowances = (form?.values.allowances ?? []) as AllowanceValues[];
  const rates = useTaxRates().data?.items ?? [];
  const currency = item.currency;
  const content = useMemo(() => invoiceContentOf(sections, allowances, rates, item), [sections, allowances, rates, item]);
  const totals = useMemo(() => invoiceTotals(content, currency, item.prepayments), [content, currency, item.prepayments]);
  const lineCount = sections.reduce((count, section) => count + section.lines.length, 0);
  const prepaid = item.prepayments.map((prepayment): TotalsRow => ({ label: t("invoice.totals.prepaid", { number: prepayment.number }), amount: -prepayment.amount, testId: "total-prepaid" }));
  const rows: TotalsRow[] = [
    ...(totals.allowances > 0 || totals.charges > 0 ? [{ label: t("invoice.totals.lines"), amount: totals.lines }] : []),
    ...(totals.allowances > 0 ? [{ label: t("invoice.totals.allowances"), amount: -totals.allowances }] : []),
    ...(totals.charges > 0 ? [{ label: t("invoice.totals.charges"), amount: totals.charges }] : []),
    { label: t("quote.totals.net"), amount: totals.net, testId: "total-net" },
    { label: t("quote.totals.tax"), amount: totals.tax, testId: "total-tax" },
    { label: t("quote.totals.gross"), amount: totals.gross, strong: prepaid.length === 0, testId: "total-gross" },
    ...prepaid,
    ...(prepaid.length > 0 ? [{ label: t("invoice.totals.due"), amount: totals.due, strong: true, testId: "total-due" }] : []),
  ];
  return (
    <Input.Wrapper label={t("invoice.field.lines")} error={errors[""]}>
      <Fieldset variant="unstyled" disabled={locked} p={0} m={0} mt={6}>
        <Grid gap="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="sm">
              <SectionsEditor
                id="invoice"
                sections={sections}
                onChange={onChange}
                stored={content.sections}
                nets={totals.sections.map((section) => section.net)}
                lineNets={totals.lineNets}
                currency={currency}
                rates={rates}
                errorOf={(path) => errorsBelow(errors, path)}
                locked={locked}
                form={form}
                maxSections={INVOICE_LIMITS.sections}
                optionalLines={false}
              />
              {lineCount >= INVOICE_LIMITS.lines && (
                <Text size="sm" c="orange">
                  {t("invoice.lineLimit", { count: INVOICE_LIMITS.lines })}
                </Text>
              )}
            </Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <div style={{ position: "sticky", top: 72 }}>
              <DocumentTotalsCard title={t("invoice.totals.title")} groups={totals.groups} rows={rows} currency={currency} />
            </div>
          </Grid.Col>
        </Grid>
      </Fieldset>
    </Input.Wrapper>
  );
}

/** Allowances off (and charges on) the whole invoice, each a net amount of one tax rate, with its reason (EN 16931 BG-20/21). */
export function InvoiceAllowancesEditor({ value, onChange, errors = {}, readOnly }: FieldRenderProps) {
  const t = useTranslations();
  const { item } = useDetail<InvoiceItem>();
  const locked = useLocked(readOnly);
  const allowances = (value ?? []) as AllowanceValues[];
  const rates = useTaxRates().data?.items ?? [];
  const rateLabel = useTaxRateLabel();
  const fallback = rates.find((rate) => rate.default);
  const set = (at: number, patch: Partial<AllowanceValues>) => onChange(allowances.map((one, i) => (i === at ? { ...one, ...patch } : one)));
  if (locked && allowances.length === 0) return null;
  return (
    <Input.Wrapper label={t("invoice.field.allowances")} description={t("invoice.allowance.help")}>
      <Fieldset variant="unstyled" disabled={locked} p={0} m={0} mt={6}>
      <Stack gap="xs">
        {allowances.map((allowance, at) => {
          const errorOf = errorsBelow(errors, String(at));
          const options = rates.filter((rate) => rate.status === "active" || rate.id === allowance.tax_rate).map((rate) => ({ value: rate.id, label: rateLabel(rate) }));
          return (
            <Paper key={allowance.id} withBorder p="xs" radius="sm" data-testid="invoice-allowance">
              <Group gap="xs" align="flex-end" wrap="wrap">
                <SegmentedControl
                  aria-label={t("invoice.allowance.kind")}
                  size="xs"
                  value={allowance.charge ? "charge" : "allowance"}
                  onChange={(next) => set(at, { charge: next === "charge" })}
                  data={[
                    { value: "allowance", label: t("invoice.allowance.allowance") },
                    { value: "charge", label: t("invoice.allowance.charge") },
                  ]}
                />
                <TextInput
                  label={t("invoice.allowance.reason")}
                  value={allowance.reason}
                  onChange={(event) => set(at, { reason: event.currentTarget.value })}
                  error={errorOf.reason}
                  size="xs"
                  style={{ flex: 1, minWidth: 160 }}
                />
                <div style={{ width: 140 }}>
                  <MoneyInput label={t("invoice.allowance.amount")} value={allowance.amount} onChange={(next) => set(at, { amount: next })} currency={item.currency} error={errorOf.amount} size="xs" />
                </div>
                <Select
                  label={t("quote.line.taxRate")}
                  data={options}
                  value={allowance.tax_rate}
                  onChange={(next) => set(at, { tax_rate: next })}
                  placeholder={fallback ? rateLabel(fallback) : undefined}
                  w={180}
                  size="xs"
                  error={errorOf.tax_rate}
                />
                {!locked && (
                  <ActionIcon variant="subtle" color="red" aria-label={t("invoice.allowance.remove")} onClick={() => onChange(allowances.filter((_, i) => i !== at))} mb={4}>
                    <IconTrash size={16} />
                  </ActionIcon>
                )}
              </Group>
            </Paper>
          );
        })}
        {!locked && allowances.length < INVOICE_LIMITS.allowances && (
          <Group gap="xs">
            <Button size="compact-sm" variant="default" leftSection={<IconMinus size={14} />} onClick={() => onChange([...allowances, newAllowance(false)])}>
              {t("invoice.allowance.addAllowance")}
            </Button>
            <Button size="compact-sm" variant="default" leftSection={<IconPlus size={14} />} onClick={() => onChange([...allowances, newAllowance(true)])}>
              {t("invoice.allowance.addCharge")}
            </Button>
          </Group>
        )}
      </Stack>
      </Fieldset>
    </Input.Wrapper>
  );
}

"use client";
import { Group, SegmentedControl, Select, Stack, TextInput, Input } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useEffect } from "react";
import { customerBrowse } from "@/components/customer/customer-browse";
import type { FieldRenderProps } from "@/components/form/form-config";
import { MoneyInput } from "@/components/money/money-input";
import { PercentInput, readPercent } from "@/components/money/percent-input";
import { PickerField } from "@/components/pickers/picker-field";
import { projectBrowse } from "@/components/project/project-browse";
import { useProjectTypes } from "@/components/project/project-type-data";
import { useDetail } from "@/components/detail/detail-context";
import { useCurrency } from "@/components/money/use-currency";
import type { QuoteItem } from "./quote-item";
import type { PercentOrAmount } from "./quote-values";

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** A document's customer; a new one takes the one its link came with (`/quote/new?customer=<id>`, from a customer's record). */
export function CustomerFromAddressField({ label, ...props }: FieldRenderProps & { label: string }) {
  const { itemId, value, onChange } = props;
  useEffect(() => {
    if (itemId || value) return;
    const given = new URLSearchParams(window.location.search).get("customer");
    if (given && UUID.test(given)) onChange(given);
    // Once, when the create form opens.
  }, []);
  return <PickerField {...props} label={label} config={customerBrowse} required />;
}

export function QuoteCustomerField(props: FieldRenderProps) {
  const t = useTranslations();
  return <CustomerFromAddressField {...props} label={t("quote.field.customer")} />;
}

export function QuoteProjectField(props: FieldRenderProps) {
  const t = useTranslations();
  return <PickerField {...props} label={t("quote.field.project")} config={projectBrowse} />;
}

/** The type of the project an approval creates, when the quote has no project. */
export function QuoteProjectTypeField({ value, onChange, error, form }: FieldRenderProps) {
  const t = useTranslations();
  const { data } = useProjectTypes();
  const options = (data?.items ?? []).map((type) => ({ value: type.id, label: type.name }));
  const hasProject = typeof form?.values.project === "string" && form.values.project !== "";
  return (
    <Select
      label={t("quote.field.projectType")}
      description={hasProject ? t("quote.field.projectTypeWithProject") : t("quote.field.projectTypeHelp")}
      data={options}
      value={typeof value === "string" && value ? value : null}
      onChange={(next) => onChange(next)}
      clearable
      error={error}
    />
  );
}

export function QuoteValidUntilField({ value, onChange, error }: FieldRenderProps) {
  const t = useTranslations();
  return (
    <TextInput
      type="date"
      label={t("quote.field.validUntil")}
      value={typeof value === "string" ? value : ""}
      onChange={(event) => onChange(event.currentTarget.value || null)}
      error={error}
      maw={220}
    />
  );
}

type DepositKind = "none" | "percent" | "amount";

/** A deposit of the chosen option's gross: none, a percentage, or a fixed amount. */
export function QuoteDepositField({ value, onChange, error, errors }: FieldRenderProps) {
  const t = useTranslations();
  const locale = useLocale();
  const detail = useDetail<QuoteItem>();
  const fallback = useCurrency();
  const currency = detail.item.currency ?? fallback;
  const deposit = (value ?? null) as PercentOrAmount | null;
  const kind: DepositKind = deposit === null ? "none" : "amount" in deposit ? "amount" : "percent";
  const setKind = (next: string) => onChange(next === "none" ? null : next === "percent" ? { percent: 0 } : { amount: 0 });
  const shown = error ?? errors?.percent ?? errors?.amount;
  return (
    <Input.Wrapper label={t("quote.field.deposit")} error={shown}>
      <Stack gap={6} mt={4}>
        <SegmentedControl
          aria-label={t("quote.field.deposit")}
          value={kind}
          onChange={setKind}
          data={[
            { value: "none", label: t("quote.deposit.none") },
            { value: "percent", label: t("quote.deposit.percent") },
            { value: "amount", label: t("quote.deposit.amount") },
          ]}
          style={{ alignSelf: "flex-start" }}
        />
        <Group gap="sm">
          {deposit && "percent" in deposit && (
            <PercentInput
              aria-label={t("quote.deposit.percent")}
              value={deposit.percent}
              onChange={(next) => onChange({ percent: Number(readPercent(next, locale)) || 0 })}
              maw={140}
            />
          )}
          {deposit && "amount" in deposit && (
            <MoneyInput label={null} value={deposit.amount} onChange={(next) => onChange({ amount: next ?? 0 })} currency={currency} />
          )}
        </Group>
      </Stack>
    </Input.Wrapper>
  );
}

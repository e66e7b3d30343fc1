"use client";
import { Alert, Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { useEffect, type FormEvent } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { useChangeForm } from "@/components/form/use-change-form";
import { MoneyInput } from "@/components/money/money-input";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { formatMoney } from "@/lib/money/format";
import { useLocale, useTranslations } from "next-intl";
import { MANUAL_METHOD_OPTIONS, type InvoiceItem } from "./invoice-item";

type Props = { opened: boolean; invoice: InvoiceItem; onClose: () => void; onRecorded: () => Promise<void> };

type Values = { amount: number | null; paid_on: string; method: string; reference: string };

const today = () => new Date().toLocaleDateString("sv-SE");

/** Records a payment by hand: the amount (what is due, unless told), the day, how it was paid and its reference. */
export function InvoicePaymentDialog({ opened, invoice, onClose, onRecorded }: Props) {
  const t = useTranslations();
  const locale = useLocale();
  const fresh = (): Values => ({ amount: invoice.due, paid_on: today(), method: "bank_transfer", reference: "" });
  const form = useChangeForm<Values>(fresh(), { errors: "inline" });
  const { values } = form;
  // Each opening starts again from what is due now.
  useEffect(() => {
    if (opened) form.commit(fresh());
  }, [opened]);

  async function record(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    await form.submit(async () => {
      await api.post("/payment", {
        invoice: invoice.id,
        amount: values.amount ?? 0,
        method: values.method,
        ...(values.paid_on ? { paid_on: values.paid_on } : {}),
        ...(values.reference.trim() ? { reference: values.reference.trim() } : {}),
      });
      await onRecorded();
      toast("success", t("invoice.payment.recorded", { amount: formatMoney(values.amount ?? 0, invoice.currency, locale) }));
      onClose();
    });
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={t("invoice.payment.title", { number: invoice.number ?? "" })}>
      <form onSubmit={record} noValidate>
        <Stack gap="md">
          {form.errorOf("") && (
            <Alert color="red" data-testid="payment-error">
              {form.errorOf("")}
            </Alert>
          )}
          <MoneyInput
            label={t("invoice.payment.amount")}
            description={t("invoice.payment.amountHelp", { due: formatMoney(invoice.due, invoice.currency, locale) })}
            value={values.amount}
            onChange={(next) => form.set("amount", next)}
            currency={invoice.currency}
            error={form.errorOf("amount")}
            required
            data-autofocus
          />
          <TextInput type="date" label={t("invoice.payment.date")} value={values.paid_on} onChange={(event) => form.set("paid_on", event.currentTarget.value)} error={form.errorOf("paid_on")} maw={220} />
          <Select
            label={t("invoice.payment.method")}
            data={MANUAL_METHOD_OPTIONS.map((option) => ({ value: option.value, label: t(option.label) }))}
            value={values.method}
            onChange={(next) => next && form.set("method", next)}
            allowDeselect={false}
            error={form.errorOf("method")}
          />
          <TextInput label={t("invoice.payment.reference")} value={values.reference} onChange={(event) => form.set("reference", event.currentTarget.value)} error={form.errorOf("reference")} />
          <DialogActions>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={form.busy}>
                {t("invoice.payment.submit")}
              </Button>
            </Group>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}

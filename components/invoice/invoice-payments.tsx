"use client";
import { ActionIcon, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect } from "react";
import { RecordCard } from "@/components/customer/record-card";
import { useDetail } from "@/components/detail/detail-context";
import { MoneyText } from "@/components/money/money-text";
import { DayText } from "@/components/quote/quote-browse";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useApi } from "@/lib/client/use-api";
import { useSubmit } from "@/lib/client/use-submit";
import { PAYMENT_METHOD_LABELS, type InvoiceItem, type PaymentItem } from "./invoice-item";

/** The invoice's payments, newest first; one recorded by hand is deleted here (a card payment through Stripe is not). */
export function InvoicePayments() {
  const t = useTranslations();
  const { item, replace, level } = useDetail<InvoiceItem>();
  const { data, error, isLoading, mutate } = useApi<{ items: PaymentItem[] }>("/payment", { invoice: [item.id], sort: "paid_on:desc", limit: 100 });
  // A payment recorded (or deleted) changes what the invoice has been paid: the list follows.
  useEffect(() => {
    void mutate();
  }, [item.paid, mutate]);
  const { busy, submit } = useSubmit();
  if (item.status === "draft" || item.kind === "credit_note") return null;
  const remove = (payment: PaymentItem) =>
    submit(async () => {
      await api.delete(`/payment/${payment.id}`);
      replace(await api.get<InvoiceItem>(`/invoice/${item.id}`));
      await mutate();
      void invalidate("/invoice", "/history");
      toast("success", t("invoice.payment.deleted"));
    });
  return (
    <RecordCard
      title={t("invoice.payment.list")}
      loadingLabel={t("invoice.payment.loading")}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={data && data.items.length === 0 ? t("invoice.payment.empty") : null}
    >
      <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="invoice-payments">
        {data?.items.map((payment) => (
          <li key={payment.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <div style={{ minWidth: 0 }}>
                <Text size="sm" fw={500}>
                  <MoneyText amount={payment.amount} /> · {t(PAYMENT_METHOD_LABELS[payment.method])}
                </Text>
                <Text size="xs" c="dimmed">
                  <DayText day={payment.paid_on} />
                  {payment.reference ? ` · ${payment.reference}` : ""}
                </Text>
              </div>
              {level === "edit" && payment.method !== "stripe" && item.status !== "void" && (
                <Tooltip label={t("invoice.payment.delete")}>
                  <ActionIcon variant="subtle" color="red" aria-label={t("invoice.payment.delete")} onClick={() => void remove(payment)} disabled={busy}>
                    <IconTrash size={16} />
                  </ActionIcon>
                </Tooltip>
              )}
            </Group>
          </li>
        ))}
      </Stack>
    </RecordCard>
  );
}

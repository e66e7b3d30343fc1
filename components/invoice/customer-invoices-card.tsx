"use client";
import { Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { MoneyText } from "@/components/money/money-text";
import { DocumentsCard } from "@/components/quote/customer-quotes-card";
import { useApi } from "@/lib/client/use-api";
import { INVOICE_OPEN_STATUSES } from "@/lib/schemas/invoice-values";
import type { InvoiceListItem } from "./invoice-item";
import { InvoiceStatusBadge } from "./invoice-status-badge";

const OPEN_LIMIT = 100;

/** What the customer owes: what is left to pay of their open invoices (issued, sent, partly paid, overdue). */
function Balance({ customerId }: { customerId: string }) {
  const t = useTranslations();
  const { data } = useApi<{ items: InvoiceListItem[]; more: boolean }>("/invoice", { customer: [customerId], status: [...INVOICE_OPEN_STATUSES], limit: OPEN_LIMIT }, { shouldRetryOnError: false });
  if (!data) return null;
  const balance = data.items.filter((item) => item.kind !== "credit_note").reduce((sum, item) => sum + item.due, 0);
  const overdue = data.items.filter((item) => item.status === "overdue").reduce((sum, item) => sum + item.due, 0);
  return (
    <Group justify="space-between" gap="xs" data-testid="customer-balance">
      <Text size="sm">{t("invoice.card.balance")}</Text>
      <Stack gap={0} align="flex-end">
        <Text size="sm" fw={700}>
          <MoneyText amount={balance} />
          {data.more ? "+" : ""}
        </Text>
        {overdue > 0 && (
          <Text size="xs" c="red">
            {t("invoice.card.overdue")} <MoneyText amount={overdue} />
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** The customer's invoices on its record, with their balance; New invoice starts a blank one for them. */
export function CustomerInvoicesCard({ customerId }: { customerId: string }) {
  const t = useTranslations();
  return (
    <DocumentsCard<InvoiceListItem>
      path="/invoice"
      filter={{ customer: customerId }}
      title={t("invoice.entity.plural")}
      empty={t("invoice.card.emptyCustomer")}
      loadingLabel={t("invoice.card.loading")}
      allLabel={t("invoice.card.all")}
      create={{ href: `/invoice/new?customer=${customerId}`, label: t("invoice.entity.new") }}
      badge={(invoice) => <InvoiceStatusBadge status={invoice.status} />}
      summary={<Balance customerId={customerId} />}
    />
  );
}

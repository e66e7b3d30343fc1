"use client";
import { Anchor, Group, Paper, SimpleGrid, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { DetailsTab } from "@/components/form/details-tab";
import { MoneyText } from "@/components/money/money-text";
import { DayText } from "@/components/quote/quote-browse";
import { InvoiceActions } from "./invoice-actions";
import { invoiceForm } from "./invoice-form";
import type { InvoiceItem } from "./invoice-item";
import { InvoicePayments } from "./invoice-payments";
import { InvoiceStatusBadge } from "./invoice-status-badge";

function Figure({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {label}
      </Text>
      <Text size="sm" fw={600} data-testid={testId}>
        {children}
      </Text>
    </div>
  );
}

/** An issued invoice's figures at a glance: when issued and due, its total, what has been paid and what is left. */
function InvoiceFigures({ item }: { item: InvoiceItem }) {
  const t = useTranslations();
  if (!item.number) return null;
  return (
    <Paper withBorder radius="md" p="sm" data-testid="invoice-figures">
      <SimpleGrid cols={{ base: 2, sm: item.kind === "credit_note" ? 3 : 5 }} spacing="sm">
        <Figure label={t("invoice.field.issueDate")}>
          <DayText day={item.issue_date} />
        </Figure>
        {item.kind !== "credit_note" && (
          <Figure label={t("invoice.field.dueDate")}>
            <DayText day={item.due_date} />
          </Figure>
        )}
        <Figure label={t("invoice.field.total")} testId="invoice-total">
          <MoneyText amount={item.total} />
        </Figure>
        {item.kind !== "credit_note" && (
          <>
            <Figure label={t("invoice.field.paid")} testId="invoice-paid">
              <MoneyText amount={item.paid} />
            </Figure>
            <Figure label={t("invoice.field.due")} testId="invoice-due">
              <MoneyText amount={item.due} />
            </Figure>
          </>
        )}
      </SimpleGrid>
    </Paper>
  );
}

/** The credit notes of an invoice, each with its number (or draft) and status. */
function CreditNotes({ item }: { item: InvoiceItem }) {
  const t = useTranslations();
  if (item.credit_notes.length === 0) return null;
  return (
    <Stack gap={4} data-testid="invoice-credit-notes">
      <Text size="sm" fw={600}>
        {t("invoice.credit.list")}
      </Text>
      {item.credit_notes.map((note) => (
        <Group key={note.id} gap="xs">
          <Anchor component={Link} href={`/invoice/${note.id}`} size="sm">
            {note.number ?? t("invoice.credit.draft")}
          </Anchor>
          <Text size="sm">
            <MoneyText amount={note.total} />
          </Text>
          <InvoiceStatusBadge status={note.status} />
        </Group>
      ))}
    </Stack>
  );
}

/** The invoice's tab: its customer and actions, its figures and payments once issued, and the editor. */
export function InvoiceRecord() {
  const t = useTranslations();
  const { item } = useDetail<InvoiceItem>();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {item.kind === "credit_note" ? t("invoice.record.creditFor") : item.kind === "deposit" ? t("invoice.record.depositFor") : t("invoice.record.for")}{" "}
          <Anchor component={Link} href={`/customer/${item.customer}`} fw={500}>
            {item.customer_name}
          </Anchor>
          {item.corrects && (
            <>
              {" · "}
              <Anchor component={Link} href={`/invoice/${item.corrects}`}>
                {t("invoice.record.corrects")}
              </Anchor>
            </>
          )}
          {item.quote && (
            <>
              {" · "}
              <Anchor component={Link} href={`/quote/${item.quote}`}>
                {t("invoice.record.quote")}
              </Anchor>
            </>
          )}
        </Text>
        <InvoiceActions />
      </Group>
      <InvoiceFigures item={item} />
      <CreditNotes item={item} />
      <InvoicePayments />
      <DetailsTab config={invoiceForm} />
    </Stack>
  );
}

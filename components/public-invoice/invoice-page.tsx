"use client";
import { Alert, Anchor, Badge, Box, Container, Divider, Group, Paper, Stack, Text, Title } from "@mantine/core";
import { useLocale, useTranslations } from "next-intl";
import { useMemo } from "react";
import { percentNumber } from "@/lib/money/decimal";
import { formatMoney } from "@/lib/money/format";
import { invoiceTotals } from "@/lib/money/invoice-totals";
import type { InvoiceBank } from "@/lib/schemas/invoice-content";
import type { PublicInvoice } from "@/lib/services/invoice-public/view";
import { day, percentText } from "@/components/public-document/format";
import { DocumentParties } from "@/components/public-document/parties";
import { SellerHeader } from "@/components/public-document/seller-header";
import { TotalsBlock, type TotalRow } from "@/components/public-document/totals-block";
import { InvoiceLines } from "./invoice-lines";
import { PayButton } from "./pay-button";

const STATUS_COLORS: Record<string, string> = { paid: "green", void: "gray", overdue: "red", partly_paid: "orange" };

function BankDetails({ bank, holder, number }: { bank: InvoiceBank; holder: string; number: string }) {
  const t = useTranslations();
  const lines =
    "iban" in bank
      ? [t("publicInvoice.iban", { iban: bank.iban }), bank.bic ? t("publicInvoice.bic", { bic: bank.bic }) : null]
      : [t("publicInvoice.accountNumber", { number: bank.account_number }), t("publicInvoice.sortCode", { code: bank.sort_code })];
  return (
    <Stack gap={2} data-testid="invoice-bank">
      <Text size="sm">{t("publicInvoice.accountHolder", { name: holder })}</Text>
      {lines.filter(Boolean).map((line) => (
        <Text key={line} size="sm" ff="monospace" style={{ overflowWrap: "anywhere" }}>
          {line}
        </Text>
      ))}
      <Text size="sm" c="dimmed">
        {t("publicInvoice.payReference", { number })}
      </Text>
    </Stack>
  );
}

/**
 * The customer's page of an issued invoice, for a phone first: the business, the invoice,
 * its lines, the tax per rate, the deposits deducted, what is paid and what is due, how to
 * pay (bank details, and Pay when online payment is offered), and its PDF. Totals come
 * from lib/money/invoice-totals.ts as everywhere.
 */
export function InvoicePage({ token, invoice, paidReturn }: { token: string; invoice: PublicInvoice; paidReturn: boolean }) {
  const t = useTranslations();
  const locale = useLocale();
  const { document } = invoice;
  const totals = useMemo(() => invoiceTotals(document.content, document.currency, document.prepayments), [document]);
  const money = (amount: number) => formatMoney(amount, document.currency, locale);
  const base = `/api/api/public/invoice/${token}`;
  const seller = document.seller;
  const credit = document.kind === "credit_note";
  const open = !credit && invoice.due > 0 && invoice.status !== "void";

  const rows: TotalRow[] = [
    ...document.content.allowances.map((allowance) => ({ key: `a-${allowance.id}`, label: allowance.reason, amount: money(allowance.charge ? allowance.amount : -allowance.amount) })),
    { key: "net", label: t("publicInvoice.net"), amount: money(totals.net) },
    ...totals.groups.map((group) => ({
      key: `${group.category}-${group.percent}-${group.exemptionReason ?? ""}`,
      label: t("publicInvoice.tax", { category: group.category, percent: percentText(locale, percentNumber(group.percent)) }),
      amount: money(group.tax),
    })),
    { key: "total", label: t("publicInvoice.total"), amount: money(totals.gross), strong: true, testId: "invoice-total" },
    ...document.prepayments.map((prepayment) => ({ key: `p-${prepayment.number}`, label: t("publicInvoice.prepayment", { number: prepayment.number }), amount: money(-prepayment.amount), dimmed: true })),
    ...(invoice.paid > 0 ? [{ key: "paid", label: t("publicInvoice.paidSoFar"), amount: money(-invoice.paid), dimmed: true, testId: "invoice-paid" }] : []),
  ];

  return (
    <Container size={680} px="md" py="lg" component="main">
      <Stack gap="lg">
        <SellerHeader seller={seller} logo={seller.logo_file ? `${base}/logo` : null} taxId={seller.tax_id ? t("publicInvoice.taxId", { id: seller.tax_id }) : null} />

        {paidReturn && invoice.status !== "paid" && (
          <Alert color="green" variant="light" title={t("publicInvoice.paidThanks")} data-testid="invoice-paid-return" />
        )}
        {invoice.status === "paid" && <Alert color="green" variant="light" title={t("publicInvoice.paidInFull")} />}
        {invoice.status === "void" && <Alert color="gray" variant="light" title={t("publicInvoice.voidText")} />}
        {invoice.status === "overdue" && !paidReturn && <Alert color="red" variant="light" title={t("publicInvoice.overdueText")} />}

        <Stack gap={4}>
          <Group gap="sm" wrap="wrap">
            <Text size="sm" c="dimmed" data-testid="invoice-number">
              {t("publicInvoice.heading", { kind: document.kind, number: document.number })}
            </Text>
            <Badge color={STATUS_COLORS[invoice.status] ?? "blue"} variant="light" size="sm">
              {t("publicInvoice.status", { status: invoice.status })}
            </Badge>
          </Group>
          <Title order={1} size="h2" style={{ overflowWrap: "anywhere" }}>
            {document.title}
          </Title>
          <Text size="sm" c="dimmed">
            {t("publicInvoice.issued", { date: day(locale, document.issued) })}
            {document.due && ` · ${t("publicInvoice.dueDate", { date: day(locale, document.due) })}`}
          </Text>
          {document.buyer_reference && (
            <Text size="sm" c="dimmed">
              {t("publicInvoice.reference", { reference: document.buyer_reference })}
            </Text>
          )}
        </Stack>

        {!credit && (
          <Paper withBorder radius="md" p="md" bg="var(--mantine-color-default-hover)">
            <Stack gap="sm">
              <Group justify="space-between" align="baseline" wrap="nowrap">
                <Text fw={600}>{t("publicInvoice.amountDue")}</Text>
                <Text fw={700} fz={28} data-testid="invoice-due" style={{ whiteSpace: "nowrap" }}>
                  {money(invoice.due)}
                </Text>
              </Group>
              {open && invoice.onlinePayment && <PayButton token={token} label={t("publicInvoice.pay", { amount: money(invoice.due) })} failed={t("publicInvoice.payFailed")} />}
            </Stack>
          </Paper>
        )}

        <DocumentParties
          buyer={{ heading: t("publicInvoice.for"), name: document.buyer.name, address: document.buyer, extra: document.buyer.vat_number ? t("publicInvoice.taxId", { id: document.buyer.vat_number }) : null }}
          site={document.site && { heading: t("publicInvoice.site"), name: document.site.name, address: document.site }}
        />

        <Paper withBorder radius="md" p="md">
          <Stack gap="md">
            <InvoiceLines sections={document.content.sections} totals={totals} currency={document.currency} />
            <Divider />
            <TotalsBlock testId="invoice-totals" rows={rows} />
            {!credit && (
              <>
                <Divider />
                <Group justify="space-between" wrap="nowrap">
                  <Text fw={700}>{t("publicInvoice.amountDue")}</Text>
                  <Text fw={700} style={{ whiteSpace: "nowrap" }}>
                    {money(invoice.due)}
                  </Text>
                </Group>
              </>
            )}
          </Stack>
        </Paper>

        {open && (document.payment_terms || seller.bank) && (
          <Box component="section">
            <Title order={2} size="h5" mb={4}>
              {t("publicInvoice.paymentTitle")}
            </Title>
            <Stack gap="xs">
              {document.payment_terms && <Text size="sm">{document.payment_terms}</Text>}
              {seller.bank && <BankDetails bank={seller.bank} holder={seller.legal_name ?? seller.name} number={document.number} />}
            </Stack>
          </Box>
        )}

        {document.notes && (
          <Box component="section">
            <Title order={2} size="h5" mb={4}>
              {t("publicInvoice.notes")}
            </Title>
            <Text size="sm" style={{ whiteSpace: "pre-line" }}>
              {document.notes}
            </Text>
          </Box>
        )}

        <Anchor href={`${base}/pdf`} size="sm" ta="center" target="_blank" rel="noopener" data-testid="invoice-pdf">
          {t("publicInvoice.downloadPdf")}
        </Anchor>
      </Stack>
    </Container>
  );
}

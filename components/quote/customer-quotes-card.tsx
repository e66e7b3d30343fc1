"use client";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { RecordCard } from "@/components/customer/record-card";
import { MoneyText } from "@/components/money/money-text";
import { useApi } from "@/lib/client/use-api";
import type { QuoteListItem } from "./quote-item";
import { QuoteStatusBadge } from "./quote-status-badge";

const LIMIT = 10;

type Props = {
  /** The quotes of this customer, or of this project. */
  filter: { customer: string } | { project: string };
  title: string;
  empty: string;
  /** Where New quote goes; none where a quote cannot be started (a project without its customer's id). */
  newHref?: string;
};

/** Quotes of a customer or a project, newest first, with their status and total; New quote starts one for them. */
export function QuotesCard({ filter, title, empty, newHref }: Props) {
  const t = useTranslations();
  const query = { ...("customer" in filter ? { customer: [filter.customer] } : { project: [filter.project] }), sort: "created:desc", limit: LIMIT };
  const { data, error, isLoading, mutate } = useApi<{ items: QuoteListItem[]; more: boolean }>("/quote", query, { shouldRetryOnError: false });
  const all = "customer" in filter ? `/quote?customer=${filter.customer}` : `/quote?project=${filter.project}`;
  return (
    <RecordCard
      title={title}
      loadingLabel={t("quote.card.loading")}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={data && data.items.length === 0 ? empty : null}
      actions={
        newHref && (
          <Button component={Link} href={newHref} size="compact-sm" variant="light" leftSection={<IconPlus size={14} />}>
            {t("quote.entity.new")}
          </Button>
        )
      }
    >
      <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid="quote-card-list">
        {data?.items.map((quote) => (
          <li key={quote.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} href={`/quote/${quote.id}`} size="sm" fw={500} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                {quote.number ? `${quote.number} · ${quote.title}` : quote.title}
              </Anchor>
              <QuoteStatusBadge status={quote.status} />
            </Group>
            <Text size="xs" c="dimmed">
              <MoneyText amount={quote.total} />
            </Text>
          </li>
        ))}
      </Stack>
      {data?.more && (
        <Anchor component={Link} href={all} size="sm">
          {t("quote.card.all")}
        </Anchor>
      )}
    </RecordCard>
  );
}

/** The customer's quotes on its record. */
export function CustomerQuotesCard({ customerId }: { customerId: string }) {
  const t = useTranslations();
  return <QuotesCard filter={{ customer: customerId }} title={t("quote.entity.plural")} empty={t("quote.card.emptyCustomer")} newHref={`/quote/new?customer=${customerId}`} />;
}

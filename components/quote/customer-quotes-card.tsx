"use client";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { RecordCard } from "@/components/customer/record-card";
import { MoneyText } from "@/components/money/money-text";
import { useApi } from "@/lib/client/use-api";
import type { QuoteListItem } from "./quote-item";
import { QuoteStatusBadge } from "./quote-status-badge";

const LIMIT = 10;

type Filter = { customer: string } | { project: string };

type Document = { id: string; number: string | null; title: string; total: number };

type CardProps<Item extends Document> = {
  /** The list's path: "/quote", "/invoice". */
  path: string;
  filter: Filter;
  title: string;
  empty: string;
  loadingLabel: string;
  allLabel: string;
  /** Where New … goes and what it says; none where one cannot be started here. */
  create?: { href: string; label: string };
  /** The status badge of one. */
  badge: (item: Item) => ReactNode;
  /** What the card says above the list (a customer's balance). */
  summary?: ReactNode;
};

/** Documents (quotes, invoices) of a customer or a project, newest first, with their status and total; New … starts one for them. */
export function DocumentsCard<Item extends Document>({ path, filter, title, empty, loadingLabel, allLabel, create, badge, summary }: CardProps<Item>) {
  const query = { ...("customer" in filter ? { customer: [filter.customer] } : { project: [filter.project] }), sort: "created:desc", limit: LIMIT };
  const { data, error, isLoading, mutate } = useApi<{ items: Item[]; more: boolean }>(path, query, { shouldRetryOnError: false });
  const all = "customer" in filter ? `${path}?customer=${filter.customer}` : `${path}?project=${filter.project}`;
  return (
    <RecordCard
      title={title}
      loadingLabel={loadingLabel}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={data && data.items.length === 0 ? empty : null}
      actions={
        create && (
          <Button component={Link} href={create.href} size="compact-sm" variant="light" leftSection={<IconPlus size={14} />}>
            {create.label}
          </Button>
        )
      }
    >
      {summary}
      <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} data-testid={`${path.slice(1)}-card-list`}>
        {data?.items.map((item) => (
          <li key={item.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} href={`${path}/${item.id}`} size="sm" fw={500} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                {item.number ? (item.title ? `${item.number} · ${item.title}` : item.number) : item.title}
              </Anchor>
              {badge(item)}
            </Group>
            <Text size="xs" c="dimmed">
              <MoneyText amount={item.total} />
            </Text>
          </li>
        ))}
      </Stack>
      {data?.more && (
        <Anchor component={Link} href={all} size="sm">
          {allLabel}
        </Anchor>
      )}
    </RecordCard>
  );
}

type Props = {
  /** The quotes of this customer, or of this project. */
  filter: Filter;
  title: string;
  empty: string;
  /** Where New quote goes; none where a quote cannot be started (a project without its customer's id). */
  newHref?: string;
};

/** Quotes of a customer or a project, newest first, with their status and total; New quote starts one for them. */
export function QuotesCard({ filter, title, empty, newHref }: Props) {
  const t = useTranslations();
  return (
    <DocumentsCard<QuoteListItem>
      path="/quote"
      filter={filter}
      title={title}
      empty={empty}
      loadingLabel={t("quote.card.loading")}
      allLabel={t("quote.card.all")}
      create={newHref ? { href: newHref, label: t("quote.entity.new") } : undefined}
      badge={(quote) => <QuoteStatusBadge status={quote.status} />}
    />
  );
}

/** The customer's quotes on its record. */
export function CustomerQuotesCard({ customerId }: { customerId: string }) {
  const t = useTranslations();
  return <QuotesCard filter={{ customer: customerId }} title={t("quote.entity.plural")} empty={t("quote.card.emptyCustomer")} newHref={`/quote/new?customer=${customerId}`} />;
}

"use client";
import { Anchor, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import { DetailsTab } from "@/components/form/details-tab";
import { QuoteActions } from "./quote-actions";
import { QuoteAnswerCard } from "./quote-answer-card";
import { quoteForm } from "./quote-form";
import type { QuoteItem } from "./quote-item";

/** The quote's tab: its customer and actions, the customer's answer once given, and the editor. */
export function QuoteRecord() {
  const t = useTranslations();
  const { item } = useDetail<QuoteItem>();
  return (
    <Stack gap="md">
      <Group justify="space-between" gap="sm" wrap="wrap">
        <Text size="sm">
          {t("quote.record.for")}{" "}
          <Anchor component={Link} href={`/customer/${item.customer}`} fw={500}>
            {item.customer_name}
          </Anchor>
          {item.revision > 1 && ` · ${t("quote.record.revision", { revision: item.revision })}`}
        </Text>
        <QuoteActions />
      </Group>
      <QuoteAnswerCard quote={item} />
      <DetailsTab config={quoteForm} />
    </Stack>
  );
}

import { Badge } from "@mantine/core";
import type { DetailConfig } from "@/components/detail/detail-config";
import type { HistoryField } from "@/components/detail/history-value";
import { historyFieldsOf } from "@/components/form/history-fields";
import { MoneyText } from "@/components/money/money-text";
import { QUOTE, detailHeading } from "@/components/entities";
import { quoteForm } from "./quote-form";
import { QUOTE_STATUS_OPTIONS, type QuoteItem } from "./quote-item";
import { QuoteStatusBadge } from "./quote-status-badge";

export const quoteDetail: DetailConfig<QuoteItem> = {
  ...detailHeading(QUOTE),
  title: (item) => item.title,
  aside: (item) => (
    <>
      {item.number && (
        <Badge variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }} data-testid="quote-number">
          {item.number}
        </Badge>
      )}
      <QuoteStatusBadge status={item.status} />
    </>
  ),
  tabs: [
    { label: "quote.tab.quote", path: "" },
    { label: "quote.tab.history", path: "history" },
  ],
};

export const quoteHistoryFields: Record<string, HistoryField> = {
  ...historyFieldsOf(quoteForm.update.fields),
  status: { label: "quote.field.status", options: QUOTE_STATUS_OPTIONS },
  number: { label: "quote.field.number" },
  revision: { label: "quote.field.revision" },
  total: { label: "quote.field.total", format: (value) => <MoneyText amount={Number(value)} /> },
};

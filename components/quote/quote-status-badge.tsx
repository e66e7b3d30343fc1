"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { QuoteStatus } from "@/lib/schemas/quote-values";
import { QUOTE_STATUS_COLORS, QUOTE_STATUS_LABELS } from "./quote-item";

/** A quote's status, in its colour. */
export function QuoteStatusBadge({ status }: { status: QuoteStatus }) {
  const t = useTranslations();
  return (
    <Badge color={QUOTE_STATUS_COLORS[status]} variant="light" data-testid="quote-status" style={{ flexShrink: 0, overflow: "visible" }}>
      {t(QUOTE_STATUS_LABELS[status])}
    </Badge>
  );
}

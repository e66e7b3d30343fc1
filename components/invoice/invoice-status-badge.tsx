"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { InvoiceStatus } from "@/lib/schemas/invoice-values";
import { INVOICE_STATUS_COLORS, INVOICE_STATUS_LABELS } from "./invoice-item";

/** An invoice's status, in its colour. */
export function InvoiceStatusBadge({ status }: { status: InvoiceStatus }) {
  const t = useTranslations();
  return (
    <Badge color={INVOICE_STATUS_COLORS[status]} variant="light" data-testid="invoice-status" style={{ flexShrink: 0, overflow: "visible" }}>
      {t(INVOICE_STATUS_LABELS[status])}
    </Badge>
  );
}

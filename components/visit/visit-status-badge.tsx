"use client";
import { Badge } from "@mantine/core";
import { useTranslations } from "next-intl";
import { STATUS_COLORS, STATUS_LABELS, type VisitStatus } from "./visit-item";

/** A visit's status, in its colour. */
export function VisitStatusBadge({ status }: { status: VisitStatus }) {
  const t = useTranslations();
  return (
    <Badge color={STATUS_COLORS[status]} variant="light" data-testid="visit-status" style={{ flexShrink: 0, overflow: "visible" }}>
      {t(STATUS_LABELS[status])}
    </Badge>
  );
}

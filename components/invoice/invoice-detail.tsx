import { Badge } from "@mantine/core";
import type { DetailConfig } from "@/components/detail/detail-config";
import type { HistoryField } from "@/components/detail/history-value";
import { historyFieldsOf } from "@/components/form/history-fields";
import { MoneyText } from "@/components/money/money-text";
import { INVOICE, detailHeading } from "@/components/entities";
import { invoiceForm } from "./invoice-form";
import { INVOICE_STATUS_OPTIONS, type InvoiceItem } from "./invoice-item";
import { InvoiceStatusBadge } from "./invoice-status-badge";

const money = (value: unknown) => <MoneyText amount={Number(value)} />;

export const invoiceDetail: DetailConfig<InvoiceItem> = {
  ...detailHeading(INVOICE),
  title: (item) => item.title || item.number || "",
  aside: (item) => (
    <>
      {item.number && (
        <Badge variant="outline" color="gray" tt="none" style={{ flexShrink: 0 }} data-testid="invoice-number">
          {item.number}
        </Badge>
      )}
      <InvoiceStatusBadge status={item.status} />
    </>
  ),
  tabs: [
    { label: "invoice.tab.invoice", path: "" },
    { label: "invoice.tab.history", path: "history" },
  ],
};

export const invoiceHistoryFields: Record<string, HistoryField> = {
  ...historyFieldsOf(invoiceForm.update.fields),
  status: { label: "invoice.field.status", options: INVOICE_STATUS_OPTIONS },
  number: { label: "invoice.field.number" },
  issue_date: { label: "invoice.field.issueDate" },
  due_date: { label: "invoice.field.dueDate" },
  content: { label: "invoice.field.lines" },
  total: { label: "invoice.field.total", format: money },
  paid: { label: "invoice.field.paid", format: money },
  due: { label: "invoice.field.due", format: money },
};

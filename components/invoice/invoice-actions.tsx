"use client";
import { Button, Checkbox, Group, Stack, TextInput } from "@mantine/core";
import { IconCash, IconCircleCheck, IconFileTypePdf, IconReceiptRefund, IconBan, IconSend } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { API_BASE, api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import type { FieldErrors } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";
import { CREDITABLE, PAYABLE, type InvoiceItem } from "./invoice-item";
import { InvoiceConfirmDialog } from "./invoice-confirm-dialog";

const PaymentDialog = lazyDialog(() => import("./invoice-payment-dialog").then((module) => module.InvoicePaymentDialog), (props) => props.opened);
const SendDialog = lazyDialog(() => import("@/components/document/send-dialog").then((module) => module.SendDialog), (props) => props.opened);
const CreditDialog = lazyDialog(() => import("./invoice-credit-dialog").then((module) => module.InvoiceCreditDialog), (props) => props.opened);

/** Today on this device, as a date input holds it. */
const today = () => new Date().toLocaleDateString("sv-SE");

/** Whether an invoice dated `issued` (YYYY-MM-DD) with these payment terms is already past its due day. */
function pastDue(issued: string, termsDays: number) {
  const due = new Date(`${issued}T00:00:00Z`);
  due.setUTCDate(due.getUTCDate() + termsDays);
  return due.toISOString().slice(0, 10) < today();
}

type Open = "issue" | "void" | "credit" | "payment" | "send" | null;

/** An issued invoice or credit note goes to the customer until it is paid or void (the server's rule). */
const SENDABLE = ["issued", "sent", "partly_paid", "overdue"];

/** What is done with an invoice beside writing it: Issue, Send, Record payment, Credit note, Void, and its PDF. */
export function InvoiceActions() {
  const t = useTranslations();
  const { item, replace, level } = useDetail<InvoiceItem>();
  const [open, setOpen] = useState<Open>(null);
  const [issueDate, setIssueDate] = useState(today);
  const [remindOverdue, setRemindOverdue] = useState(false);
  const [errors, setErrors] = useState<FieldErrors>({});
  const { busy, submit } = useSubmit(setErrors);
  const mayChange = level === "edit";
  const close = () => setOpen(null);
  const reload = async () => {
    replace(await api.get<InvoiceItem>(`/invoice/${item.id}`));
    void invalidate("/invoice", "/payment", "/history");
  };

  const issue = () =>
    submit(async () => {
      // Today is the server's own default, at the business's zone; an earlier day is sent.
      const body =
        !isCredit && issueDate && issueDate !== today() ? { issue_date: issueDate, ...(overdueAtIssue ? { remind_overdue: remindOverdue } : {}) } : {};
      const issued = await api.post<InvoiceItem>(`/invoice/${item.id}/issue`, body);
      replace(issued);
      void invalidate("/invoice", "/history");
      close();
      toast("success", t("invoice.actions.issued", { number: issued.number ?? "" }));
    });
  const voidIt = () =>
    submit(async () => {
      await api.post(`/invoice/${item.id}/void`, {});
      await reload();
      close();
      toast("success", t("invoice.actions.voided"));
    });
  const isCredit = item.kind === "credit_note";
  const overdueAtIssue = !isCredit && /^\d{4}-\d{2}-\d{2}$/.test(issueDate) && pastDue(issueDate, item.payment_terms_days);

  return (
    <Group gap="xs" wrap="wrap" data-testid="invoice-actions">
      {mayChange && item.status === "draft" && (
        <Button
          leftSection={<IconCircleCheck size={16} />}
          onClick={() => {
            setIssueDate(today());
            setRemindOverdue(false);
            setErrors({});
            setOpen("issue");
          }}
        >
          {isCredit ? t("invoice.actions.issueCredit") : t("invoice.actions.issue")}
        </Button>
      )}
      {mayChange && SENDABLE.includes(item.status) && (
        <Button variant={item.status === "issued" ? "filled" : "default"} leftSection={<IconSend size={16} />} onClick={() => setOpen("send")}>
          {t("invoice.actions.send")}
        </Button>
      )}
      {mayChange && !isCredit && PAYABLE.includes(item.status) && item.due > 0 && (
        <Button leftSection={<IconCash size={16} />} onClick={() => setOpen("payment")}>
          {t("invoice.actions.recordPayment")}
        </Button>
      )}
      {mayChange && !isCredit && CREDITABLE.includes(item.status) && (
        <Button variant="default" leftSection={<IconReceiptRefund size={16} />} onClick={() => setOpen("credit")}>
          {t("invoice.actions.credit")}
        </Button>
      )}
      {mayChange && item.status !== "void" && !(isCredit && item.status !== "draft") && item.paid === 0 && (
        <Button variant="subtle" color="red" leftSection={<IconBan size={16} />} onClick={() => setOpen("void")}>
          {t("invoice.actions.void")}
        </Button>
      )}
      <Button variant="default" component="a" href={`${API_BASE}/invoice/${item.id}/pdf`} target="_blank" rel="noopener" leftSection={<IconFileTypePdf size={16} />}>
        {t("invoice.actions.pdf")}
      </Button>
      <InvoiceConfirmDialog
        opened={open === "issue"}
        title={isCredit ? t("invoice.issue.titleCredit") : t("invoice.issue.title")}
        text={isCredit ? t("invoice.issue.textCredit") : t("invoice.issue.text")}
        confirm={t("invoice.issue.confirm")}
        busy={busy}
        onConfirm={() => void issue()}
        onClose={close}
      >
        {!isCredit && (
          <Stack gap="sm">
            <TextInput
              type="date"
              label={t("invoice.issue.date")}
              description={t("invoice.issue.dateHelp")}
              value={issueDate}
              max={today()}
              onChange={(event) => setIssueDate(event.currentTarget.value)}
              error={errors.issue_date}
              maw={220}
            />
            {overdueAtIssue && (
              <Checkbox
                label={t("invoice.issue.remindOverdue")}
                description={t("invoice.issue.remindOverdueHelp")}
                checked={remindOverdue}
                onChange={(event) => setRemindOverdue(event.currentTarget.checked)}
              />
            )}
          </Stack>
        )}
      </InvoiceConfirmDialog>
      <InvoiceConfirmDialog
        opened={open === "void"}
        title={t("invoice.voidDialog.title")}
        text={item.status === "draft" ? t("invoice.voidDialog.textDraft") : t("invoice.voidDialog.textIssued", { number: item.number ?? "" })}
        confirm={t("invoice.voidDialog.confirm")}
        color="red"
        busy={busy}
        onConfirm={() => void voidIt()}
        onClose={close}
      />
      <PaymentDialog
        opened={open === "payment"}
        invoice={item}
        onClose={close}
        onRecorded={reload}
      />
      <CreditDialog opened={open === "credit"} invoice={item} onClose={close} />
      <SendDialog
        opened={open === "send"}
        path={`/invoice/${item.id}/send`}
        texts={{
          title: isCredit ? t("invoice.send.titleCredit") : t("invoice.send.title"),
          intro: isCredit ? t("invoice.send.introCredit", { customer: item.customer_name ?? "" }) : t("invoice.send.intro", { customer: item.customer_name ?? "" }),
          sent: t("invoice.send.sent", { customer: item.customer_name ?? "" }),
        }}
        onClose={close}
        onSent={reload}
      />
    </Group>
  );
}

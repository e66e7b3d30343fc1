"use client";
import { Button, Group } from "@mantine/core";
import { IconCopy, IconEdit, IconFileInvoice, IconFileTypePdf, IconSend } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { API_BASE, api } from "@/lib/client/api";
import { copyText } from "@/lib/client/copy-text";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";
import { holds, useSession } from "@/lib/client/use-session";
import { useCreateInvoice } from "@/components/invoice/invoice-from-source";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { quoteLink } from "@/lib/services/quote-send";
import { REVISABLE, type QuoteItem } from "./quote-item";

const SendDialog = lazyDialog(() => import("@/components/document/send-dialog").then((module) => module.SendDialog), (props) => props.opened);

/** What POST /quote/{id}/link answers: the customer's page's address, its token and when it ends. */
type LinkAnswer = Jsonify<Awaited<ReturnType<typeof quoteLink>>>;

/**
 * What is done with a quote beside writing it: Send (email or text message through the
 * customer's conversation), Copy link, Preview PDF, Revise for a sent quote, and its invoice
 * or deposit invoice once approved (a deposit invoice from when it is sent).
 */
export function QuoteActions() {
  const t = useTranslations();
  const { item, replace, level } = useDetail<QuoteItem>();
  const [sending, setSending] = useState(false);
  const { busy, submit } = useSubmit();
  const mayChange = level === "edit";
  const { data: session } = useSession();
  const invoicing = useCreateInvoice();
  const mayInvoice = mayChange && Boolean(session && holds(session, "invoices"));
  const reload = async () => {
    replace(await api.get<QuoteItem>(`/quote/${item.id}`));
    void invalidate("/quote", "/history");
  };

  const revise = () =>
    submit(async () => {
      await api.post(`/quote/${item.id}/revise`, {});
      await reload();
      toast("success", t("quote.actions.revised", { revision: item.revision + 1 }));
    });
  const copyLink = () =>
    submit(async () => {
      const answer = await api.post<LinkAnswer>(`/quote/${item.id}/link`, {});
      await copyText(answer.url);
      toast("success", t("quote.actions.linkCopied"));
    });

  return (
    <Group gap="xs" wrap="wrap" data-testid="quote-actions">
      {mayChange && item.status === "draft" && (
        <Button leftSection={<IconSend size={16} />} onClick={() => setSending(true)}>
          {t("quote.actions.send")}
        </Button>
      )}
      {mayChange && REVISABLE.includes(item.status) && (
        <Button variant="light" leftSection={<IconEdit size={16} />} onClick={() => void revise()} loading={busy}>
          {t("quote.actions.revise")}
        </Button>
      )}
      {mayInvoice && item.status === "approved" && (
        <Button variant="light" leftSection={<IconFileInvoice size={16} />} onClick={() => void invoicing.create({ from: "quote", quote: item.id })} loading={invoicing.busy}>
          {t("quote.actions.invoice")}
        </Button>
      )}
      {mayInvoice && item.deposit && ["approved", "sent", "viewed"].includes(item.status) && (
        <Button variant="default" leftSection={<IconFileInvoice size={16} />} onClick={() => void invoicing.create({ from: "deposit", quote: item.id })} disabled={invoicing.busy}>
          {t("quote.actions.depositInvoice")}
        </Button>
      )}
      {mayChange && item.sent && item.status !== "draft" && (
        <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copyLink()} disabled={busy}>
          {t("quote.actions.copyLink")}
        </Button>
      )}
      <Button
        variant="default"
        component="a"
        href={`${API_BASE}/quote/${item.id}/pdf`}
        target="_blank"
        rel="noopener"
        leftSection={<IconFileTypePdf size={16} />}
      >
        {t("quote.actions.preview")}
      </Button>
      <SendDialog
        opened={sending}
        path={`/quote/${item.id}/send`}
        texts={{
          title: t("quote.send.title"),
          intro: t("quote.send.intro", { customer: item.customer_name ?? "" }),
          sent: t("quote.send.sent", { customer: item.customer_name ?? "" }),
        }}
        onClose={() => setSending(false)}
        onSent={reload}
      />
    </Group>
  );
}

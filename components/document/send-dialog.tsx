"use client";
import { Button, Group, SegmentedControl, Stack, Text, TextInput, Textarea } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";

export type SendDialogProps = {
  opened: boolean;
  /** The document's send endpoint, e.g. `/quote/{id}/send`. */
  path: string;
  /** The dialog's title, its introduction and the toast once sent, as translated texts. */
  texts: { title: string; intro: string; sent: string };
  onClose: () => void;
  onSent: () => Promise<void>;
};

type Values = { channel: "email" | "sms"; to: string; subject: string; message: string };

/**
 * Sends a document (a quote, an invoice) through its customer's conversation: an email
 * with the PDF and the link, or a text message with the link; to the customer's own
 * address or number unless another is given.
 */
export function SendDialog({ opened, path, texts, onClose, onSent }: SendDialogProps) {
  const t = useTranslations();
  const form = useChangeForm<Values>({ channel: "email", to: "", subject: "", message: "" });
  const { values } = form;

  async function send(event: FormEvent) {
    event.preventDefault();
    if (form.busy) return;
    await form.submit(async () => {
      const body = {
        channel: values.channel,
        ...(values.to.trim() ? { to: values.to.trim() } : {}),
        ...(values.channel === "email" && values.subject.trim() ? { subject: values.subject.trim() } : {}),
        ...(values.message.trim() ? { message: values.message.trim() } : {}),
      };
      await api.post(path, body);
      await onSent();
      toast("success", texts.sent);
      onClose();
    });
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={texts.title}>
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {texts.intro}
          </Text>
          <SegmentedControl
            aria-label={t("quote.send.channel")}
            value={values.channel}
            onChange={(next) => form.set("channel", next as Values["channel"])}
            data={[
              { value: "email", label: t("quote.send.email") },
              { value: "sms", label: t("quote.send.sms") },
            ]}
          />
          <TextInput
            label={values.channel === "email" ? t("quote.send.toEmail") : t("quote.send.toPhone")}
            description={t("quote.send.toHelp")}
            type={values.channel === "email" ? "email" : "tel"}
            value={values.to}
            onChange={(event) => form.set("to", event.currentTarget.value)}
            error={form.errorOf("to")}
          />
          {values.channel === "email" && (
            <TextInput label={t("quote.send.subject")} value={values.subject} onChange={(event) => form.set("subject", event.currentTarget.value)} error={form.errorOf("subject")} />
          )}
          <Textarea
            label={t("quote.send.message")}
            value={values.message}
            onChange={(event) => form.set("message", event.currentTarget.value)}
            autosize
            minRows={3}
            error={form.errorOf("message")}
          />
          <DialogActions>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={form.busy}>
                {t("quote.send.submit")}
              </Button>
            </Group>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}

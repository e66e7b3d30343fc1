"use client";
import { Button, Checkbox, Group, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { FormEvent } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { DialogActions } from "@/components/dialog/dialog-actions";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { useSession } from "@/lib/client/use-session";
import { sampleSource, type AutomaticTrigger, type TemplateField } from "@/lib/schemas/automatic-message-triggers";
import type { AutomaticMessageTestResult } from "@/lib/schemas/automatic-messages";
import type { Channel } from "@/lib/schemas/channels";
import { TRIGGER_LABELS } from "./automatic-messages-values";

type Props = {
  opened: boolean;
  onClose: () => void;
  trigger: AutomaticTrigger;
  /** The texts as they are in the form, saved or not. */
  texts: Record<TemplateField, string>;
  path: string;
};

type Values = { email: boolean; sms: boolean; phone: string };

/** Sends the message as it is written now, for the sample visit, to the member's own email address and a phone they give. */
export function TestSendDialog({ opened, onClose, trigger, texts, path }: Props) {
  const t = useTranslations();
  const { data: session } = useSession();
  const form = useChangeForm<Values>({ email: true, sms: false, phone: "" });
  const { values } = form;
  const channels = (["email", "sms"] as Channel[]).filter((channel) => values[channel]);

  async function send(event: FormEvent) {
    event.preventDefault();
    // The dialog sits in the settings form's tree: its submit is its own.
    event.stopPropagation();
    if (form.busy || channels.length === 0) return;
    await form.submit(async () => {
      const body = { trigger, channels, ...(values.sms ? { phone: values.phone } : {}), email_subject: texts.email_subject, email_body: texts.email_body, sms: texts.sms };
      const result = await api.post<AutomaticMessageTestResult>(`${path}/test`, body);
      for (const outcome of [result.email, result.sms]) {
        if (!outcome) continue;
        if (outcome.status === "sent") toast("success", t("automaticMessages.test.sent", { to: outcome.to }));
        else toast("warning", t("automaticMessages.test.failed", { to: outcome.to }), outcome.reason);
      }
      onClose();
    });
  }

  return (
    <Dialog opened={opened} onClose={onClose} title={t("automaticMessages.test.title", { trigger: t(TRIGGER_LABELS[trigger].title as never) })}>
      <form onSubmit={send} noValidate>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            {t("automaticMessages.test.intro", { source: sampleSource(trigger) })}
          </Text>
          <Checkbox
            label={t("automaticMessages.test.email", { email: session?.member.email ?? "" })}
            checked={values.email}
            onChange={(event) => form.set("email", event.currentTarget.checked)}
          />
          <Checkbox label={t("automaticMessages.test.sms")} checked={values.sms} onChange={(event) => form.set("sms", event.currentTarget.checked)} />
          {values.sms && (
            <TextInput
              type="tel"
              autoComplete="tel"
              label={t("automaticMessages.test.phone")}
              value={values.phone}
              onChange={(event) => form.set("phone", event.currentTarget.value)}
              error={form.errorOf("phone")}
              required
              data-autofocus
            />
          )}
          {(form.errorOf("sms") || form.errorOf("email_body")) && (
            <Text size="sm" c="red">
              {form.errorOf("sms") ?? form.errorOf("email_body")}
            </Text>
          )}
          <DialogActions>
            <Group gap="sm">
              <Button variant="default" onClick={onClose}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={form.busy} disabled={channels.length === 0}>
                {t("automaticMessages.test.send")}
              </Button>
            </Group>
          </DialogActions>
        </Stack>
      </form>
    </Dialog>
  );
}

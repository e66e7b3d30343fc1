"use client";
import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCopy, IconInbox, IconRefresh } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { api } from "@/lib/client/api";
import { copyText } from "@/lib/client/copy-text";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useSubmit } from "@/lib/client/use-submit";

type Props = { organizationId: string; url: string; onRotated: (url: string) => void };

async function copy(url: string) {
  try {
    await copyText(url);
    toast("success", translate("organization.copy.done"));
  } catch {
    toast("error", translate("organization.copy.failedTitle"), translate("organization.copy.failedText"));
  }
}

/**
 * The organization's inbound email address (admins only): mail providers post
 * raw messages to it, and they land in conversations. Rotating it makes the old
 * address stop working at once, so it asks first.
 */
export function InboundEmailSection({ organizationId, url, onRotated }: Props) {
  const t = useTranslations();
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useSubmit();

  async function rotate() {
    await submit(async () => {
      const answer = await api.post<{ inbound_email_url: string }>(`/organization/${organizationId}/inbound_token`, {});
      onRotated(answer.inbound_email_url);
      setConfirming(false);
      toast("success", t("organization.inbound.rotated"));
      void invalidate("/history");
    });
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="inbound-email-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconInbox size={28} aria-hidden />
          <Title order={3} size="h5" id="inbound-email-title">
            {t("organization.inbound.title")}
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          {t("organization.inbound.text")}
        </Text>
        <TextInput label={t("organization.inbound.address")} value={url} readOnly onFocus={(event) => event.currentTarget.select()} styles={{ input: { fontFamily: "monospace" } }} />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copy(url)}>
            {t("organization.copy.button")}
          </Button>
          <Button variant="default" color="red" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
            {t("organization.inbound.rotate")}
          </Button>
        </Group>
      </Stack>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title={t("organization.inbound.rotateTitle")} centered>
        <Stack gap="md">
          <Text size="sm">
            {t("organization.inbound.rotateText")}
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              {t("common.cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => void rotate()}>
              {t("organization.inbound.rotate")}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Card>
  );
}

"use client";
import { Button, Group, Text } from "@mantine/core";
import { IconAlertTriangle, IconCheck, IconClock, IconRefresh } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { api } from "@/lib/client/api";
import { useSubmit } from "@/lib/client/use-submit";
import { conversationsChanged } from "@/lib/client/use-unread-conversations";
import type { MessageItem } from "./conversation-item";

/** Sending…, Sent, or Failed with the reason and Retry, which queues the message again. */
export function MessageDelivery({ message }: { message: MessageItem }) {
  const t = useTranslations();
  const { busy, submit } = useSubmit();
  const delivery = message.delivery;
  if (!delivery) return null;
  if (delivery.state === "queued") {
    return (
      <Group gap={4} wrap="nowrap" c="dimmed" data-testid="delivery">
        <IconClock size={13} aria-hidden />
        <Text size="xs">{t("conversation.delivery.queued")}</Text>
      </Group>
    );
  }
  if (delivery.state === "sent") {
    return (
      <Group gap={4} wrap="nowrap" c="dimmed" data-testid="delivery">
        <IconCheck size={13} aria-hidden />
        <Text size="xs">{t("conversation.delivery.sent")}</Text>
      </Group>
    );
  }
  const retry = () =>
    submit(async () => {
      await api.post(`/message/${message.id}/retry`);
      await conversationsChanged();
    });
  // On a narrow bubble the reason takes the line and Retry moves below it.
  return (
    <Group gap={6} c="red" data-testid="delivery" align="center">
      <Group gap={4} wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
        <IconAlertTriangle size={13} aria-hidden style={{ flexShrink: 0, marginTop: 3 }} />
        <Text size="xs" style={{ overflowWrap: "anywhere" }}>
          {t("conversation.delivery.failed", { reason: delivery.error ?? t("conversation.delivery.unknownReason") })}
        </Text>
      </Group>
      <Button size="compact-xs" variant="light" color="red" leftSection={<IconRefresh size={12} />} loading={busy} onClick={() => void retry()}>
        {t("conversation.delivery.retry")}
      </Button>
    </Group>
  );
}

"use client";
import { Alert, Button, Center, Loader, Stack, Text } from "@mantine/core";
import { IconMessages } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { invalidate } from "@/lib/client/invalidate";
import { useApi } from "@/lib/client/use-api";
import { MESSAGE_LIST_MAX } from "@/lib/schemas/constants";
import type { ConversationItem, MessageItem } from "./conversation-item";
import { ConversationReply } from "./conversation-reply";
import { MessageBubble } from "./message-bubble";
import { UnlinkedSender } from "./unlinked-sender";

const POLL_MS = 2000;
const REFRESH_MS = 15_000;

const settling = (items: MessageItem[] | undefined) => items?.some((message) => message.delivery?.state === "queued") ?? false;

/** The Messages tab: oldest at the top, scrolled to the newest; while a message is being sent it asks again until it settles. */
export function MessageThread() {
  const t = useTranslations();
  const { item: conversation } = useDetail<ConversationItem>();
  const { data, error, mutate } = useApi<{ items: MessageItem[] }>(
    "/message",
    { conversation: conversation.id, limit: MESSAGE_LIST_MAX },
    { refreshInterval: (latest) => (settling(latest?.items) ? POLL_MS : REFRESH_MS) },
  );
  const end = useRef<HTMLDivElement>(null);
  const newest = data?.items.at(-1)?.id;

  const seen = useRef<string | undefined>(undefined);

  useEffect(() => {
    if (!newest) return;
    end.current?.scrollIntoView({ block: "end" });
    // A message that arrived while the thread is open changes the conversation's unread count and its menu.
    if (seen.current && seen.current !== newest) void invalidate(`/conversation/${conversation.id}`);
    seen.current = newest;
  }, [newest, conversation.id]);

  if (error && !data) {
    return (
      <Alert color="red" title={t("conversation.thread.failed")}>
        <Button size="xs" variant="light" color="red" onClick={() => void mutate()}>
          {t("common.retry")}
        </Button>
      </Alert>
    );
  }
  if (!data) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label={t("conversation.thread.loading")} />
      </Center>
    );
  }
  // Closed and removed conversations take no messages: re-open one to write.
  const reply = conversation.status === "active" && <ConversationReply conversation={conversation} messages={data.items} />;
  if (data.items.length === 0) {
    return (
      <Stack gap="md">
        <UnlinkedSender conversation={conversation} />
        <Stack align="center" gap={4} py={48} c="dimmed">
          <IconMessages size={32} stroke={1.4} aria-hidden />
          <Text size="sm">{t("conversation.thread.empty")}</Text>
        </Stack>
        {reply}
      </Stack>
    );
  }
  return (
    <Stack gap="md">
      <UnlinkedSender conversation={conversation} />
      <Stack gap="sm" aria-label={t("conversation.tab.messages")} role="log">
        {data.items.map((message) => (
          <MessageBubble key={message.id} message={message} conversation={conversation} />
        ))}
      </Stack>
      {reply}
      <div ref={end} />
    </Stack>
  );
}

"use client";
import { Paper, SegmentedControl, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyComponent } from "@/lib/client/lazy-component";
import { cameIn, isChannel, type WritableChannel } from "@/lib/schemas/channels";
import { CHANNEL_LABELS, WRITE_ORDER } from "./channel-looks";
import type { ConversationItem, MessageItem } from "./conversation-item";

// Fetched with the thread's first paint done: it brings the message schema and the phone number library.
const MessageWriter = lazyComponent(() => import("./message-dialogs").then((module) => module.MessageWriter));

/** A reply goes back the way the customer last wrote; with nothing in yet, the way the office last wrote, else by email. */
export function replyChannel(messages: MessageItem[]): WritableChannel {
  // An answer on a public page came without an address: the reply goes the way of the last one that had one.
  const inbound = messages.findLast((message) => cameIn(message.type.direction) && isChannel(message.type.id))?.type.id;
  if (inbound && isChannel(inbound)) return inbound;
  const last = messages.findLast((message) => isChannel(message.type.id))?.type.id;
  return last && isChannel(last) ? last : "email";
}

/** Under the thread: write the next email, text or note without leaving it. */
export function ConversationReply({ conversation, messages }: { conversation: ConversationItem; messages: MessageItem[] }) {
  const t = useTranslations();
  const [chosen, setChosen] = useState<WritableChannel | null>(null);
  // After each send the form starts again, empty, on the same channel.
  const [round, setRound] = useState(0);
  const channel = chosen ?? replyChannel(messages);
  return (
    <Paper withBorder radius="md" p="sm" component="section" aria-label={t("conversation.reply.label")}>
      <Stack gap="sm">
        <SegmentedControl
          value={channel}
          onChange={(value) => setChosen(value as WritableChannel)}
          data={WRITE_ORDER.map((value) => ({ value, label: t(CHANNEL_LABELS[value]) }))}
          aria-label={t("conversation.reply.by")}
          size="xs"
          style={{ alignSelf: "flex-start" }}
        />
        <MessageWriter key={`${channel}-${round}`} kind={channel} target={{ conversation }} onSent={() => setRound((count) => count + 1)} />
        <Text size="xs" c="dimmed">
          {t("conversation.reply.hint")}
        </Text>
      </Stack>
    </Paper>
  );
}

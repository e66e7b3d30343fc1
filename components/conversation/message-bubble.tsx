"use client";
import { Avatar, Group, Paper, Stack, Text, Tooltip } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useItem } from "@/components/browse/items-by-id";
import type { CustomerItem } from "@/components/customer/customer-item";
import { RelativeTime } from "@/components/detail/relative-time";
import type { MemberItem } from "@/components/member/member-item";
import { MemberAvatar, initials } from "@/components/shell/member-avatar";
import { cameIn } from "@/lib/schemas/channels";
import { CHANNEL_LABELS, MESSAGE_LOOKS } from "./channel-looks";
import type { ConversationItem, MessageItem } from "./conversation-item";
import { ConsentLine } from "./consent-line";
import { MessageDelivery } from "./message-delivery";
import { MessageFiles } from "./message-files";
import { MessageHtml } from "./message-html";

/** Who wrote it: the member for outgoing messages and notes; for incoming ones the customer, else the sender's address. */
function Author({ message, conversation }: { message: MessageItem; conversation: ConversationItem }) {
  const t = useTranslations();
  const incoming = cameIn(message.type.direction);
  const member = useItem<MemberItem>("member", incoming ? null : message.author);
  const customer = useItem<CustomerItem>("customer", incoming ? conversation.customer : null);
  const name = incoming
    ? (customer.data?.name ?? message.type.source_name ?? message.type.source ?? t("conversation.message.unknownSender"))
    : message.author
      ? (member.data?.name ?? (member.error ? t("conversation.message.unknownMember") : "…"))
      : t("conversation.message.automatic");
  return (
    <Group gap={8} wrap="nowrap" style={{ minWidth: 0 }}>
      {incoming ? (
        <Avatar size="sm" radius="xl" color="gray" alt={name}>
          {initials(name.replace(/@.*/, "")) || "?"}
        </Avatar>
      ) : (
        <MemberAvatar name={name} email={member.data?.email} image={member.data?.image} size="sm" />
      )}
      <Stack gap={0} style={{ minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {name}
        </Text>
        {incoming && (customer.data || message.type.source_name) && message.type.source && (
          <Text size="xs" c="dimmed" truncate>
            {message.type.source}
          </Text>
        )}
      </Stack>
    </Group>
  );
}

/** One message of the thread: outgoing on the right and tinted, incoming on the left, notes in yellow. */
export function MessageBubble({ message, conversation }: { message: MessageItem; conversation: ConversationItem }) {
  const t = useTranslations();
  const outgoing = !cameIn(message.type.direction);
  const note = message.type.id === "note";
  const label = t(CHANNEL_LABELS[message.type.id]);
  const Icon = MESSAGE_LOOKS[message.type.id].icon;
  const background = note
    ? "var(--mantine-color-yellow-light)"
    : outgoing
      ? "var(--mantine-primary-color-light)"
      : "var(--mantine-color-default)";
  const bubble = (
    <Group justify={outgoing ? "flex-end" : "flex-start"} wrap="nowrap" data-testid="message" data-direction={message.type.direction} data-kind={message.type.id}>
      <Paper withBorder radius="md" p="sm" bg={background} w="min(88%, 640px)" style={{ minWidth: 0 }}>
        <Stack gap={6}>
          <Group justify="space-between" gap="xs" wrap="nowrap">
            <Author message={message} conversation={conversation} />
            <Group gap={6} wrap="nowrap" style={{ flexShrink: 0 }}>
              <Tooltip label={label}>
                <Icon size={16} aria-label={label} role="img" stroke={1.6} />
              </Tooltip>
              <RelativeTime date={message.date} size="xs" />
            </Group>
          </Group>
          {outgoing && !note && message.type.source && (
            <Text size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {t("conversation.message.to", { recipient: message.type.source })}
            </Text>
          )}
          {message.type.title && (
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {message.type.title}
            </Text>
          )}
          {message.type.html ? (
            <MessageHtml id={message.id} html={message.type.html} title={message.type.title ?? t("channel.email.label")} />
          ) : (
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }}>
              {message.type.content}
            </Text>
          )}
          <MessageFiles ids={message.type.files} />
          <MessageDelivery message={message} />
        </Stack>
      </Paper>
    </Group>
  );
  if (!message.consent) return bubble;
  return (
    <>
      {bubble}
      <ConsentLine message={message} />
    </>
  );
}

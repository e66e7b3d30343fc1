"use client";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CHANNEL_LOOKS, WRITE_ORDER } from "@/components/conversation/channel-looks";
import { UnreadBadge } from "@/components/conversation/conversation-cells";
import type { ConversationItem } from "@/components/conversation/conversation-item";
import { RelativeTime } from "@/components/detail/relative-time";
import type { WritableChannel } from "@/lib/schemas/channels";
import { useApi } from "@/lib/client/use-api";
import type { CustomerItem } from "./customer-item";
import { RecordCard } from "./record-card";
import { lazyDialog } from "@/components/dialog/lazy-dialog";

// Fetched when first opened: it brings the message schema and the phone number library.
const MessageDialog = lazyDialog(
  () => import("@/components/conversation/message-dialogs").then((module) => module.MessageDialog),
  (props) => props.opened,
);

const LIMIT = 10;

export const customerConversationsQuery = (customerId: string) => ({ customer: [customerId], sort: "updated:desc", limit: LIMIT });

/**
 * The customer's active and closed conversations, latest first, with their unread
 * counts; New email, New SMS and Note write to the customer (the server adds the
 * message to the customer's open conversation on that channel, or starts one).
 */
export function CustomerConversationsCard({ customer, onSent }: { customer: CustomerItem; onSent: () => void }) {
  const t = useTranslations();
  const [writing, setWriting] = useState<WritableChannel | null>(null);
  const { data, error, isLoading, mutate } = useApi<{ items: ConversationItem[]; more: boolean }>(
    "/conversation",
    customerConversationsQuery(customer.id),
    { shouldRetryOnError: false },
  );
  const writable = customer.status === "active";
  return (
    <>
      <RecordCard
        title={t("customer.conversations.title")}
        loadingLabel={t("customer.conversations.loading")}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        empty={data && data.items.length === 0 ? t("customer.conversations.empty") : null}
        actions={WRITE_ORDER.map((channel) => {
          const { icon: Icon, writeShort } = CHANNEL_LOOKS[channel];
          return (
            <Button key={channel} size="compact-sm" variant="light" leftSection={<Icon size={14} />} disabled={!writable} onClick={() => setWriting(channel)}>
              {t(writeShort)}
            </Button>
          );
        })}
      >
        <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t("customer.conversations.list")}>
          {data?.items.map((conversation) => (
            <li key={conversation.id} data-testid="customer-conversation">
              <Group justify="space-between" gap="xs" wrap="nowrap">
                <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
                  <Anchor component={Link} href={`/conversation/${conversation.id}`} size="sm" fw={600} style={{ whiteSpace: "nowrap" }}>
                    {conversation.reference}
                  </Anchor>
                  <Text size="sm" truncate="end" title={conversation.title}>
                    {conversation.title}
                  </Text>
                </Group>
                <Group gap={6} wrap="nowrap">
                  <UnreadBadge unread={conversation.unread} />
                  {conversation.last_message && (
                      <div style={{ whiteSpace: "nowrap" }}>
                        <RelativeTime date={conversation.last_message} size="xs" />
                      </div>
                    )}
                </Group>
              </Group>
              {conversation.status !== "active" && (
                <Text size="xs" c="dimmed">
                  {conversation.status === "closed" ? t("customer.conversations.closed") : t("customer.conversations.removed")}
                </Text>
              )}
            </li>
          ))}
        </Stack>
        {data?.more && (
          <Anchor component={Link} href={`/conversation?customer=${customer.id}`} size="sm">
            {t("customer.conversations.all")}
          </Anchor>
        )}
      </RecordCard>
      <MessageDialog
        kind={writing ?? "email"}
        target={{ customer: { id: customer.id, name: customer.name, email: customer.email, phone: customer.phone } }}
        opened={writing !== null}
        onClose={() => setWriting(null)}
        onSent={onSent}
      />
    </>
  );
}

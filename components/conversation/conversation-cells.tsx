"use client";
import { Badge, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { CustomerCell } from "@/components/project/project-cells";
import type { ConversationStatus } from "@/lib/schemas/lists";
import type { ConversationItem } from "./conversation-item";

/** A conversation's status as the screens name it (catalogue keys). */
export const CONVERSATION_STATUS_KEYS: Record<ConversationStatus, string> = {
  active: "conversation.status.active",
  closed: "conversation.status.closed",
  removed: "conversation.status.removed",
};

/** The number of unread messages as a badge; nothing when all are read. */
export function UnreadBadge({ unread }: { unread: number }) {
  const t = useTranslations();
  if (unread <= 0) return null;
  return (
    <Badge color="red" variant="filled" size="sm" circle={unread < 10} aria-label={t("conversation.unread", { count: unread })} data-testid="unread-badge">
      {unread > 99 ? "99+" : unread}
    </Badge>
  );
}

/** A conversation's status in a list. */
export function ConversationStatusCell({ status }: { status: ConversationStatus }) {
  const t = useTranslations();
  return <>{t(CONVERSATION_STATUS_KEYS[status])}</>;
}

/** The customer, or for a conversation nobody has linked yet, who it came from: the name they gave and their address or number. */
export function ConversationCustomerCell({ conversation }: { conversation: ConversationItem }) {
  if (conversation.customer) return <CustomerCell id={conversation.customer} />;
  const source = conversation.sources[0];
  if (!source) return null;
  return (
    <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
      {source.name ? `${source.name} · ${source.value}` : source.value}
    </Text>
  );
}

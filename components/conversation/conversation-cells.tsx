"use client";
import { Badge, Text } from "@mantine/core";
import { CustomerCell } from "@/components/project/project-cells";
import type { ConversationItem } from "./conversation-item";

/** The number of unread messages as a badge; nothing when all are read. */
export function UnreadBadge({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <Badge color="red" variant="filled" size="sm" circle={unread < 10} aria-label={`${unread} unread`} data-testid="unread-badge">
      {unread > 99 ? "99+" : unread}
    </Badge>
  );
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

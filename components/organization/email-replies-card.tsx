"use client";
import { Badge, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { RepliesLostHelp } from "@/components/conversation/replies-lost-notice";
import type { OrganizationItem } from "./organization-item";

type Props = {
  replies: OrganizationItem["email_replies"];
  /** The connected mailbox's address, when there is one. */
  mailbox: string | null;
  /** The server's INBOUND_EMAIL_DOMAIN; null while loading or when unset. */
  domain: string | null;
};

const BADGES = {
  mailbox: { color: "green", label: "Through the mailbox" },
  reply_address: { color: "green", label: "Reply address" },
  none: { color: "orange", label: "Not received" },
} as const;

/** Where customers' replies to emails from conversations come back, or that they do not and what to set. */
export function EmailRepliesCard({ replies, mailbox, domain }: Props) {
  const badge = BADGES[replies];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="email-replies-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconMailForward size={28} aria-hidden />
          <Title order={3} size="h5" id="email-replies-title">
            Customer replies
          </Title>
          <Badge color={badge.color} variant="light">
            {badge.label}
          </Badge>
        </Group>
        {replies === "mailbox" && (
          <Text size="sm" c="dimmed">
            Emails go out from {mailbox ?? "the connected mailbox"}: customers&apos; replies arrive there and are synced into their conversations.
          </Text>
        )}
        {replies === "reply_address" && (
          <Text size="sm" c="dimmed">
            Emails carry a reply address of their conversation{domain ? <> (<Code>reply+…@{domain}</Code>)</> : null}: customers&apos; replies come
            back into the conversation they answer.
          </Text>
        )}
        {replies === "none" && (
          <>
            <Text size="sm" fw={600} c="orange.8">
              Replies to emails will not reach Craftdesk.
            </Text>
            <RepliesLostHelp />
          </>
        )}
      </Stack>
    </Card>
  );
}

"use client";
import { Badge, Card, Code, Group, Stack, Text, Title } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
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
  mailbox: { color: "green", label: "organization.replies.badge.mailbox" },
  reply_address: { color: "green", label: "organization.replies.badge.replyAddress" },
  none: { color: "orange", label: "organization.replies.badge.none" },
} as const;

/** Where customers' replies to emails from conversations come back, or that they do not and what to set. */
export function EmailRepliesCard({ replies, mailbox, domain }: Props) {
  const t = useTranslations();
  const badge = BADGES[replies];
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="email-replies-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconMailForward size={28} aria-hidden />
          <Title order={3} size="h5" id="email-replies-title">
            {t("organization.replies.title")}
          </Title>
          <Badge color={badge.color} variant="light">
            {t(badge.label)}
          </Badge>
        </Group>
        {replies === "mailbox" && (
          <Text size="sm" c="dimmed">
            {mailbox ? t("organization.replies.mailbox", { mailbox }) : t("organization.replies.connectedMailbox")}
          </Text>
        )}
        {replies === "reply_address" && (
          <Text size="sm" c="dimmed">
            {domain
              ? t.rich("organization.replies.replyAddressAt", { domain, code: (chunks) => <Code>{chunks}</Code> })
              : t("organization.replies.replyAddress")}
          </Text>
        )}
        {replies === "none" && (
          <>
            <Text size="sm" fw={600} c="orange.8">
              {t("organization.replies.none")}
            </Text>
            <RepliesLostHelp />
          </>
        )}
      </Stack>
    </Card>
  );
}

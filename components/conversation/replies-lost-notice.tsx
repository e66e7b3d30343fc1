"use client";
import { Alert, Code, Text } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";
import { useTranslations } from "next-intl";

/** What to set so they do; the same words on Integrations and in the email dialog. */
export function RepliesLostHelp() {
  const t = useTranslations();
  return (
    <Text size="sm">
      {t.rich("conversation.repliesLost.help", {
        domain: () => <Code>INBOUND_EMAIL_DOMAIN</Code>,
        secret: () => <Code>INBOUND_EMAIL_SECRET</Code>,
      })}
    </Text>
  );
}

/** Shown where an email is written when its replies cannot come back (the organization's `email_replies` is "none"). */
export function RepliesLostNotice() {
  const t = useTranslations();
  return (
    <Alert color="orange" variant="light" icon={<IconMailOff size={18} />} title={t("conversation.repliesLost.title")} role="note">
      <RepliesLostHelp />
    </Alert>
  );
}

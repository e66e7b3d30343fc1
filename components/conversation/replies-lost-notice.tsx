"use client";
import { Alert, Code, Text } from "@mantine/core";
import { IconMailOff } from "@tabler/icons-react";

export const REPLIES_LOST_TITLE = "Replies will not reach Craftdesk";

/** What to set so they do; the same words on Integrations and in the email dialog. */
export function RepliesLostHelp() {
  return (
    <Text size="sm">
      Emails to customers go out from the server&apos;s no-reply address with no reply address, so a customer&apos;s Reply goes nowhere. Connect a
      Google or Microsoft mailbox in Organization → Integrations, or have whoever runs this server set <Code>INBOUND_EMAIL_DOMAIN</Code> and{" "}
      <Code>INBOUND_EMAIL_SECRET</Code> and route that domain&apos;s mail to Craftdesk.
    </Text>
  );
}

/** Shown where an email is written when its replies cannot come back (the organization's `email_replies` is "none"). */
export function RepliesLostNotice() {
  return (
    <Alert color="orange" variant="light" icon={<IconMailOff size={18} />} title={REPLIES_LOST_TITLE} role="note">
      <RepliesLostHelp />
    </Alert>
  );
}

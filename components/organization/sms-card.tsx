"use client";
import { ActionIcon, Badge, Card, Group, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { IconCopy, IconMessage } from "@tabler/icons-react";
import { copyText } from "@/lib/client/copy-text";
import { toast } from "@/lib/client/toast";
import type { IntegrationsView } from "@/lib/schemas/integrations";
import { NOT_CONFIGURED } from "./mailbox-card";

async function copy(url: string) {
  try {
    await copyText(url);
    toast("success", "Link copied to clipboard");
  } catch {
    toast("error", "Oops", "Something went wrong");
  }
}

function CopyField({ label, value }: { label: string; value: string }) {
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: "monospace" } }}
      rightSection={
        <Tooltip label="Copy">
          <ActionIcon variant="subtle" color="gray" aria-label={`Copy ${label.toLowerCase()}`} onClick={() => void copy(value)}>
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}

/** Texts through Twilio: configured by the server's environment; the admin gives Twilio these two addresses. */
export function SmsCard({ sms }: { sms: IntegrationsView["sms"] | null }) {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sms-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconMessage size={28} aria-hidden />
          <Title order={3} size="h5" id="sms-title">
            Text messages
          </Title>
          {sms?.provider && (
            <Badge color="green" variant="light">
              Twilio
            </Badge>
          )}
        </Group>
        {sms?.provider ? (
          <>
            <Text size="sm" c="dimmed">
              Texts are sent from {sms.from}. In Twilio, set this number&apos;s incoming message webhook to the inbound address; delivery statuses
              come back to the status address.
            </Text>
            {sms.inbound_url && <CopyField label="Inbound address" value={sms.inbound_url} />}
            {sms.status_url && <CopyField label="Status address" value={sms.status_url} />}
          </>
        ) : (
          sms && (
            <Text size="sm" c="dimmed">
              {NOT_CONFIGURED}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

"use client";
import { Button, Card, Group, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCopy, IconInbox, IconRefresh } from "@tabler/icons-react";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { api } from "@/lib/client/api";
import { copyText } from "@/lib/client/copy-text";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";

type Props = { organizationId: string; url: string; onRotated: (url: string) => void };

async function copy(url: string) {
  try {
    await copyText(url);
    toast("success", "Link copied to clipboard");
  } catch {
    toast("error", "Oops", "Something went wrong");
  }
}

/**
 * The organization's inbound email address (admins only): mail providers post
 * raw messages to it, and they land in conversations. Rotating it makes the old
 * address stop working at once, so it asks first.
 */
export function InboundEmailSection({ organizationId, url, onRotated }: Props) {
  const [confirming, setConfirming] = useState(false);
  const { busy, submit } = useSubmit();

  async function rotate() {
    await submit(async () => {
      const answer = await api.post<{ inbound_email_url: string }>(`/organization/${organizationId}/inbound_token`, {});
      onRotated(answer.inbound_email_url);
      setConfirming(false);
      toast("success", "The inbound email address has been replaced");
      void invalidate("/history");
    });
  }

  return (
    <Card withBorder padding="md" component="section" aria-labelledby="inbound-email-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconInbox size={28} aria-hidden />
          <Title order={3} size="h5" id="inbound-email-title">
            Inbound email
          </Title>
        </Group>
        <Text size="sm" c="dimmed">
          Have your mail provider post raw messages (message/rfc822) to this address, from Postmark, Mailgun or SendGrid Inbound Parse, a
          Cloudflare Email Routing worker or a procmail pipe, and customer replies land in their conversations.
        </Text>
        <TextInput label="Inbound address" value={url} readOnly onFocus={(event) => event.currentTarget.select()} styles={{ input: { fontFamily: "monospace" } }} />
        <Group gap="xs">
          <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copy(url)}>
            Copy
          </Button>
          <Button variant="default" color="red" leftSection={<IconRefresh size={16} />} onClick={() => setConfirming(true)}>
            Rotate
          </Button>
        </Group>
      </Stack>
      <Dialog opened={confirming} onClose={() => setConfirming(false)} title="Rotate the inbound address?" centered>
        <Stack gap="md">
          <Text size="sm">
            A new address replaces this one, and mail posted to the old address is refused from now on. Update the address at your mail provider
            afterwards.
          </Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setConfirming(false)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => void rotate()}>
              Rotate
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Card>
  );
}

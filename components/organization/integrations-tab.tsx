"use client";
import { Badge, Button, Card, Group, Stack, Text } from "@mantine/core";
import { IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";
import { useDetail } from "@/components/detail/detail-context";
import { api, SESSION_KEY } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { notSupported, toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { OrganizationView } from "@/lib/services/organization";
import { InboundEmailSection } from "./inbound-email-section";
import type { OrganizationItem } from "./organization-item";

/** GET /organization/{id}, which adds the inbound address for admins. */
type WithInbound = Jsonify<OrganizationView>;

const PROVIDERS = [
  { type: "google", label: "Google", description: "Gmail or Google Workspace mailbox", icon: IconBrandGoogle },
  { type: "microsoft", label: "Microsoft", description: "Outlook or Microsoft 365 mailbox", icon: IconBrandWindows },
] as const;

/** The mailbox the organization sends and receives customer email through; one at a time. */
export function IntegrationsTab() {
  const { item, replace } = useDetail<WithInbound>();
  const { busy, submit } = useSubmit();

  async function disconnect(label: string) {
    await submit(async () => {
      const saved = await api.patch<OrganizationItem>(`/organization/${item.id}`, { oauth: null });
      replace({ ...saved, inbound_email_url: item.inbound_email_url });
      toast("success", `${label} has been disconnected`);
      void invalidate("/history", SESSION_KEY);
    });
  }

  return (
    <Stack gap="sm" maw={560}>
      <Text size="sm" c="dimmed">
        Connect a mailbox to send and receive customer email from conversations.
      </Text>
      {PROVIDERS.map(({ type, label, description, icon: Icon }) => {
        const connected = item.oauth?.type === type ? item.oauth : null;
        return (
          <Card key={type} withBorder padding="md" aria-label={`${label} mailbox`} component="section">
            <Group justify="space-between" gap="sm">
              <Group gap="sm" wrap="nowrap" style={{ flex: 1, minWidth: 200 }}>
                <Icon size={28} aria-hidden />
                <Stack gap={0}>
                  <Group gap="xs">
                    <Text fw={600}>{label}</Text>
                    <Badge color={connected ? "green" : "gray"} variant="light">
                      {connected ? "Connected" : "Not connected"}
                    </Badge>
                  </Group>
                  <Text size="sm" c="dimmed">
                    {connected ? connected.email : description}
                  </Text>
                </Stack>
              </Group>
              {connected ? (
                <Button variant="default" color="red" loading={busy} onClick={() => disconnect(label)}>
                  Disconnect
                </Button>
              ) : (
                <Button variant="default" disabled={item.oauth !== null} onClick={notSupported}>
                  Connect
                </Button>
              )}
            </Group>
          </Card>
        );
      })}
      {item.inbound_email_url && (
        <InboundEmailSection organizationId={item.id} url={item.inbound_email_url} onRotated={(url) => replace({ ...item, inbound_email_url: url })} />
      )}
    </Stack>
  );
}

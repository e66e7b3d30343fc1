"use client";
import { Badge, Button, Card, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconAlertCircle, IconBrandGoogle, IconBrandWindows } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { RelativeTime } from "@/components/detail/relative-time";
import type { OrganizationItem } from "./organization-item";

export type MailboxType = "google" | "microsoft";
type Connection = NonNullable<OrganizationItem["oauth"]>;

const PROVIDERS = {
  google: { label: "Google", description: "organization.mailbox.googleDescription", icon: IconBrandGoogle },
  microsoft: { label: "Microsoft", description: "organization.mailbox.microsoftDescription", icon: IconBrandWindows },
} as const;

export const providerLabel = (type: MailboxType) => PROVIDERS[type].label;

/** What a card or the texts card says when the server has no credentials for it (a catalogue key). */
export const NOT_CONFIGURED = "organization.integrations.notConfigured";

type Props = {
  type: MailboxType;
  /** This provider's mailbox when it is the connected one. */
  connection: Connection | null;
  /** Null while the server's configuration is loading. */
  configured: boolean | null;
  /** Another provider's mailbox is connected: one at a time. */
  otherConnected: boolean;
  busy: boolean;
  /** Its state only, for members who may not change it. */
  readOnly?: boolean;
  onConnect: () => void;
  onSync: () => void;
  onDisconnect: () => void;
};

function StatusBadge({ connection }: { connection: Connection | null }) {
  const t = useTranslations();
  if (!connection) return <Badge color="gray" variant="light">{t("organization.mailbox.notConnected")}</Badge>;
  if (connection.status === "disconnected") return <Badge color="orange" variant="light">{t("organization.mailbox.disconnected")}</Badge>;
  return <Badge color="green" variant="light">{t("organization.mailbox.connected")}</Badge>;
}

/** One mailbox provider: its state, last sync and last error, and what an admin can do with it. */
export function MailboxCard({ type, connection, configured, otherConnected, busy, readOnly = false, onConnect, onSync, onDisconnect }: Props) {
  const t = useTranslations();
  const { label, description, icon: Icon } = PROVIDERS[type];
  const connectBlocked = configured === false ? t(NOT_CONFIGURED) : otherConnected ? t("organization.mailbox.otherConnected") : null;
  return (
    <Card withBorder padding="md" aria-label={t("organization.mailbox.card", { provider: label })} component="section">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <Icon size={28} aria-hidden style={{ flexShrink: 0 }} />
          <Stack gap={2} style={{ minWidth: 0 }}>
            <Group gap="xs">
              <Text fw={600}>{label}</Text>
              <StatusBadge connection={connection} />
            </Group>
            <Text size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
              {connection ? connection.email : t(description)}
            </Text>
            {connection?.last_sync_at && (
              <Group gap={4}>
                <Text size="sm" c="dimmed">
                  {t("organization.mailbox.synced")}
                </Text>
                <RelativeTime date={connection.last_sync_at} />
              </Group>
            )}
            {connection?.last_error && (
              <Group gap={4} wrap="nowrap" align="flex-start">
                <IconAlertCircle size={16} color="var(--mantine-color-red-6)" aria-hidden style={{ flexShrink: 0, marginTop: 2 }} />
                <Text size="sm" c="red" style={{ overflowWrap: "anywhere" }}>
                  {connection.last_error}
                </Text>
              </Group>
            )}
            {configured === false && !connection && (
              <Text size="sm" c="dimmed">
                {t(NOT_CONFIGURED)}
              </Text>
            )}
          </Stack>
        </Group>
        {!readOnly && (
          <Group gap="xs">
            {connection ? (
              <>
                {connection.status === "disconnected" ? (
                  <Button onClick={onConnect} disabled={configured === false} loading={busy}>
                    {t("organization.mailbox.reconnect")}
                  </Button>
                ) : (
                  <Button variant="default" onClick={onSync} loading={busy}>
                    {t("organization.mailbox.syncNow")}
                  </Button>
                )}
                <Button variant="default" color="red" onClick={onDisconnect} loading={busy}>
                  {t("organization.mailbox.disconnect")}
                </Button>
              </>
            ) : (
              <Tooltip label={connectBlocked} disabled={!connectBlocked}>
                <Button variant="default" disabled={configured !== true || otherConnected} onClick={onConnect} loading={busy}>
                  {t("organization.mailbox.connect")}
                </Button>
              </Tooltip>
            )}
          </Group>
        )}
      </Stack>
    </Card>
  );
}

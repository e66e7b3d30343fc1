"use client";
import { ActionIcon, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconKey, IconMapPin, IconPencil, IconUser, IconWorld } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { addressLines, mapUrl, siteName, type ContactItem, type SiteItem } from "./site-item";
import { useUserAgent } from "./use-user-agent";

/** One site: its name, address (opened in the device's map app), how to get in, whom to ask for, its time zone. */
export function SiteEntry({ site, contacts, onEdit }: { site: SiteItem; contacts: ContactItem[] | undefined; onEdit?: () => void }) {
  const t = useTranslations();
  const locale = useLocale();
  const agent = useUserAgent();
  const lines = addressLines(site, locale);
  const name = siteName(site) ?? t("customer.sites.unnamed");
  const contact = site.contact ? contacts?.find((entry) => entry.id === site.contact) : undefined;
  const removed = site.status === "removed";
  const url = mapUrl(lines, agent);
  return (
    <li data-testid="customer-site" style={{ opacity: removed ? 0.6 : undefined }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
            {name}
            {removed && ` ${t("customer.sites.removed")}`}
          </Text>
          {/* The label already says the first line when it names the site by it. */}
          {lines.filter((line, index) => !(index === 0 && line === name)).map((line) => (
            <Text key={line} size="sm" style={{ overflowWrap: "anywhere" }}>
              {line}
            </Text>
          ))}
        </Stack>
        <Group gap={4} wrap="nowrap">
          {lines.length > 0 && (
            <Tooltip label={t("customer.sites.map")}>
              <ActionIcon
                component="a"
                href={url}
                target={url.startsWith("https:") ? "_blank" : undefined}
                rel="noopener noreferrer"
                variant="subtle"
                aria-label={t("customer.sites.mapLabel", { name })}
              >
                <IconMapPin size={18} />
              </ActionIcon>
            </Tooltip>
          )}
          {onEdit && (
            <Tooltip label={t("common.edit")}>
              <ActionIcon variant="subtle" onClick={onEdit} aria-label={t("customer.sites.editLabel", { name })}>
                <IconPencil size={18} />
              </ActionIcon>
            </Tooltip>
          )}
        </Group>
      </Group>
      <Stack gap={2} mt={4}>
        {site.access_notes && (
          <Group gap={6} wrap="nowrap" align="flex-start">
            <IconKey size={14} style={{ flexShrink: 0, marginTop: 3 }} aria-label={t("customer.sites.access")} />
            <Text size="xs" style={{ whiteSpace: "pre-line", overflowWrap: "anywhere" }}>
              {site.access_notes}
            </Text>
          </Group>
        )}
        {contact && (
          <Group gap={6} wrap="nowrap">
            <IconUser size={14} style={{ flexShrink: 0 }} />
            <Text size="xs">{t("customer.sites.askFor", { name: contact.name })}</Text>
          </Group>
        )}
        <Group gap={6} wrap="nowrap">
          <IconWorld size={14} style={{ flexShrink: 0 }} />
          <Text size="xs" c="dimmed">
            {t("customer.sites.timeZone", { zone: site.time_zone.replaceAll("_", " ") })}
          </Text>
        </Group>
      </Stack>
    </li>
  );
}

"use client";
import { ActionIcon, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconKey, IconMapPin, IconPencil, IconPlus, IconUser, IconWorld } from "@tabler/icons-react";
import { useLocale, useTranslations } from "next-intl";
import { useState } from "react";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { useApi } from "@/lib/client/use-api";
import { RecordCard } from "./record-card";
import { addressLines, mapUrl, PARTS_QUERY, siteName, type ContactItem, type SiteItem } from "./site-item";
import { useUserAgent } from "./use-user-agent";

// Fetched when first opened: it brings the site schema and the time zone and country lists.
const SiteDialog = lazyDialog(
  () => import("./site-dialog").then((module) => module.SiteDialog),
  (props) => props.opened,
);

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

/** The customer's sites, the first first; members who may change the customer add and edit them here. */
export function CustomerSitesCard({ customerId, editable }: { customerId: string; editable: boolean }) {
  const t = useTranslations();
  // The site the dialog edits (null: a new one), kept while it closes.
  const [dialog, setDialog] = useState<{ site: SiteItem | null; opened: boolean }>({ site: null, opened: false });
  const open = (site: SiteItem | null) => setDialog({ site, opened: true });
  const { data, error, isLoading, mutate } = useApi<{ items: SiteItem[] }>(`/customer/${customerId}/site`, PARTS_QUERY, { shouldRetryOnError: false });
  const { data: contacts } = useApi<{ items: ContactItem[] }>(`/customer/${customerId}/contact`, PARTS_QUERY, { shouldRetryOnError: false });
  // Active sites first, in the order they were added; removed ones below.
  const sites = data ? [...data.items].sort((a, b) => Number(a.status === "removed") - Number(b.status === "removed")) : [];
  return (
    <>
      <RecordCard
        title={t("customer.sites.title")}
        loadingLabel={t("customer.sites.loading")}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        empty={data && data.items.length === 0 ? t("customer.sites.empty") : null}
        actions={
          editable && (
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => open(null)}>
              {t("customer.sites.add")}
            </Button>
          )
        }
      >
        <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t("customer.sites.list")}>
          {sites.map((site) => (
            <SiteEntry key={site.id} site={site} contacts={contacts?.items} onEdit={editable ? () => open(site) : undefined} />
          ))}
        </Stack>
      </RecordCard>
      <SiteDialog customerId={customerId} site={dialog.site} opened={dialog.opened} onClose={() => setDialog((shown) => ({ ...shown, opened: false }))} />
    </>
  );
}

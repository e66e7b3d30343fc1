"use client";
import { Button, Stack } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { useApi } from "@/lib/client/use-api";
import { RecordCard } from "./record-card";
import { SiteEntry } from "./site-entry";
import { PARTS_QUERY, type ContactItem, type SiteItem } from "./site-item";

// Fetched when first opened: it brings the site schema and the time zone and country lists.
const SiteDialog = lazyDialog(
  () => import("./site-dialog").then((module) => module.SiteDialog),
  (props) => props.opened,
);

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

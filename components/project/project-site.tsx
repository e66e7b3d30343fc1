"use client";
import { Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { SiteEntry } from "@/components/customer/site-entry";
import { PARTS_QUERY, type ContactItem, type SiteItem } from "@/components/customer/site-item";
import { useApi } from "@/lib/client/use-api";

/** Where the work is: the site's address (to the map app), how to get in and whom to ask for. */
export function ProjectSite({ customerId, siteId }: { customerId: string; siteId: string }) {
  const t = useTranslations();
  const { data: site } = useApi<SiteItem>(`/customer/${customerId}/site/${siteId}`, undefined, { shouldRetryOnError: false });
  const { data: contacts } = useApi<{ items: ContactItem[] }>(`/customer/${customerId}/contact`, PARTS_QUERY, { shouldRetryOnError: false });
  if (!site) return null;
  return (
    <Stack gap={2} mt={4}>
      <Text size="xs" c="dimmed">
        {t("project.customerCard.site")}
      </Text>
      <ul style={{ listStyle: "none", margin: 0, padding: 0 }}>
        <SiteEntry site={site} contacts={contacts?.items} />
      </ul>
    </Stack>
  );
}

"use client";
import { Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import type { ProjectItem } from "@/components/project/project-item";
import { DocumentsCard } from "@/components/quote/customer-quotes-card";
import type { InvoiceListItem } from "./invoice-item";
import { InvoiceStatusBadge } from "./invoice-status-badge";

/** The project's invoices; New invoice bills the lines agreed for it. */
export function ProjectInvoicesTab() {
  const t = useTranslations();
  const { item: project } = useDetail<ProjectItem>();
  return (
    <Stack gap="md" maw={800}>
      <DocumentsCard<InvoiceListItem>
        path="/invoice"
        filter={{ project: project.id }}
        title={t("invoice.entity.plural")}
        empty={t("invoice.card.emptyProject")}
        loadingLabel={t("invoice.card.loading")}
        allLabel={t("invoice.card.all")}
        create={project.customer ? { href: `/invoice/new?project=${project.id}`, label: t("invoice.entity.new") } : undefined}
        badge={(invoice) => <InvoiceStatusBadge status={invoice.status} />}
      />
    </Stack>
  );
}

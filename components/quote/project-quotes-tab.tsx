"use client";
import { Stack } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useDetail } from "@/components/detail/detail-context";
import type { ProjectItem } from "@/components/project/project-item";
import { QuotesCard } from "./customer-quotes-card";
import { ProjectLinesCard } from "./project-lines-card";

/** The project's quotes (those written for it and the one whose approval created it), and the lines agreed in them. */
export function ProjectQuotesTab() {
  const t = useTranslations();
  const { item: project } = useDetail<ProjectItem>();
  return (
    <Stack gap="md" maw={800}>
      <QuotesCard
        filter={{ project: project.id }}
        title={t("quote.entity.plural")}
        empty={t("quote.card.emptyProject")}
        newHref={project.customer ? `/quote/new?customer=${project.customer}` : undefined}
      />
      <ProjectLinesCard projectId={project.id} />
    </Stack>
  );
}

"use client";
import { useTranslations } from "next-intl";
import { Text } from "@mantine/core";
import { useDetail } from "@/components/detail/detail-context";
import type { HistoryField } from "@/components/detail/history-value";
import { historyFieldsOf } from "@/components/form/history-fields";
import { useFieldValueText } from "@/components/project-field/use-field-value-text";
import type { FieldValue } from "@/lib/schemas/project-fields";
import { siteName, type SiteItem } from "@/components/customer/site-item";
import { useApi } from "@/lib/client/use-api";
import { projectForm } from "./project-form";
import type { ProjectItem } from "./project-item";
import { statusTitle, useProjectType } from "./project-type-data";

// Statuses and fields are read with the project's current type: entries from before a type change show its ids' titles now.
function useCurrentType() {
  return useProjectType(useDetail<ProjectItem>().item.type).data;
}

function StatusName({ value }: { value: unknown }) {
  const t = useTranslations();
  const type = useCurrentType();
  return (
    <Text span size="sm" fw={500}>
      {statusTitle(type, Number(value), t)}
    </Text>
  );
}

function FieldValues({ value }: { value: unknown }) {
  const t = useTranslations();
  const type = useCurrentType();
  const valueText = useFieldValueText();
  const entries = Array.isArray(value) ? (value as FieldValue[]) : [];
  const fieldOf = (id: number) => type?.fields.find((field) => field.id === id);
  const titleOf = (id: number) => fieldOf(id)?.title ?? t("workflow.fieldRows.unnamed", { id });
  return (
    <Text span size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
      {entries.map((entry) => `${titleOf(entry.id)}: ${valueText(fieldOf(entry.id), entry.value)}`).join(", ")}
    </Text>
  );
}

/** A site by its name, looked up under the project's customer now: one of an earlier customer reads as unknown. */
function SiteName({ value }: { value: unknown }) {
  const t = useTranslations();
  const customer = useDetail<ProjectItem>().item.customer;
  const { data, error } = useApi<SiteItem>(customer ? `/customer/${customer}/site/${String(value)}` : null, undefined, { shouldRetryOnError: false });
  return (
    <Text span size="sm" fw={500}>
      {data ? (siteName(data) ?? t("customer.sites.unnamed")) : error || !customer ? t("project.site.unknown") : "…"}
    </Text>
  );
}

export const projectHistoryFields: Record<string, HistoryField> = {
  ...historyFieldsOf(projectForm.update.fields),
  status: { label: "project.field.status", format: (value) => <StatusName value={value} /> },
  fields: { label: "project.field.fields", format: (value) => <FieldValues value={value} /> },
  site: { label: "project.field.site", format: (value) => <SiteName value={value} /> },
  // A workflow run notes its title and the comment typed with it.
  workflow: { label: "project.history.workflow" },
  comment: { label: "project.history.comment" },
};

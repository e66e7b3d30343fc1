import { ColorSwatch, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { DetailConfig } from "@/components/detail/detail-config";
import type { HistoryField } from "@/components/detail/history-value";
import { historyFieldsOf } from "@/components/form/history-fields";
import { kindOf } from "@/lib/schemas/field-kinds";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { KIND_LABELS } from "./field-kind-labels";
import { colorKey } from "./project-type-colors";
import { projectTypeFieldsForm } from "./project-type-fields-form";
import { projectTypeForm } from "./project-type-form";
import { PROJECT_TYPE_ICONS, ProjectTypeIcon } from "./project-type-icon";
import type { ProjectTypeItem } from "./project-type-item";
import { projectTypeWorkflowsForm } from "./project-type-workflows-form";
import { PROJECT_TYPE, detailHeading } from "@/components/entities";

export const projectTypeDetail: DetailConfig<ProjectTypeItem> = {
  ...detailHeading(PROJECT_TYPE),
  title: (item) => item.name,
  status: (item) => item.status,
  aside: (item) => <ProjectTypeIcon icon={item.icon} color={item.color} size={32} />,
  tabs: [
    { label: "projectType.tab.details", path: "" },
    { label: "projectType.tab.fields", path: "fields" },
    { label: "projectType.tab.workflows", path: "workflows" },
    { label: "projectType.tab.history", path: "history" },
  ],
};

const HistoryText = ({ children }: { children: ReactNode }) => (
  <Text span size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
    {children}
  </Text>
);

function IconName({ value }: { value: unknown }) {
  const t = useTranslations();
  const entry = PROJECT_TYPE_ICONS[value as keyof typeof PROJECT_TYPE_ICONS];
  return <HistoryText>{entry ? t(entry.label) : String(value)}</HistoryText>;
}

function ColorName({ value }: { value: unknown }) {
  const t = useTranslations();
  const key = colorKey(String(value));
  return (
    <Group gap={4} component="span" display="inline-flex">
      <ColorSwatch color={String(value)} size={12} component="span" />
      <HistoryText>{key ? t(key) : String(value)}</HistoryText>
    </Group>
  );
}

/** A field's kind and its settings in a few words: "Number, 0–10 bar", "Single choice: Small / Large". */
function kindDetails(field: FieldDefinition, t: ReturnType<typeof useTranslations>): string {
  const kind = kindOf(field);
  if (kind === "text") return "";
  const name = t(KIND_LABELS[kind] as never);
  if (field.options?.length) return `${name}: ${field.options.map((option) => option.label).join(" / ")}`;
  const range = field.min != null || field.max != null ? `${field.min ?? ""}–${field.max ?? ""}` : "";
  const number = [range, field.unit ?? ""].filter(Boolean).join(" ");
  return number ? `${name}, ${number}` : name;
}

// Titles alone would hide a change of a field's kind, settings, validation or required flag.
function FieldList({ value }: { value: unknown }) {
  const t = useTranslations();
  return (
    <HistoryText>
      {(value as FieldDefinition[])
        .map((field) => {
          const details = [kindDetails(field, t), field.required ? t("projectType.history.required") : "", field.validation ? `/${field.validation}/` : ""].filter(Boolean);
          return details.length > 0 ? `${field.title} (${details.join(", ")})` : field.title;
        })
        .join(", ")}
    </HistoryText>
  );
}

export const projectTypeHistoryFields: Record<string, HistoryField> = {
  ...historyFieldsOf([
    ...projectTypeForm.update.fields,
    ...projectTypeFieldsForm.update.fields,
    ...projectTypeWorkflowsForm.update.fields,
  ]),
  icon: { label: "projectType.field.icon", format: (value) => <IconName value={value} /> },
  color: { label: "projectType.field.color", format: (value) => <ColorName value={value} /> },
  fields: { label: "projectType.fields.label", format: (value) => <FieldList value={value} /> },
};

"use client";
import { useTranslations } from "next-intl";
import { MultiSelect } from "@mantine/core";
import { PickerField } from "@/components/pickers/picker-field";
import { roleBrowse } from "@/components/role/role-browse";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import type { Requirement } from "@/lib/schemas/workflow";
import { errorsAt } from "@/lib/client/field-errors";
import { FieldValuesEditor } from "./field-values-editor";
import { KindCard } from "./kind-card";
import { OwnerRefsEditor } from "./owner-refs-editor";
import { REQUIREMENT_LABELS } from "./workflow-kinds";

type Props = {
  requirement: Requirement;
  statuses: ProjectStatus[];
  fields: FieldDefinition[];
  errors: FieldErrors;
  onChange: (requirement: Requirement) => void;
  onRemove: () => void;
};

/** One condition a project must meet before the workflow may run. */
export function RequirementCard({ requirement, statuses, fields, errors, onChange, onRemove }: Props) {
  const t = useTranslations();
  return (
    <KindCard title={t(REQUIREMENT_LABELS[requirement.type])} errors={errors} onRemove={onRemove}>
      {requirement.type === "status_eq" && (
        <MultiSelect
          aria-label={t("workflow.requirement.statuses")}
          placeholder={requirement.value.length === 0 ? t("workflow.requirement.chooseStatuses") : undefined}
          data={statuses.map((status) => ({ value: String(status.id), label: status.title }))}
          value={requirement.value.map(String)}
          onChange={(ids) => onChange({ ...requirement, value: ids.map(Number) })}
        />
      )}
      {requirement.type === "role_eq" && (
        <PickerField
          config={roleBrowse}
          label={t("workflow.requirement.roles")}
          multiple
          required
          value={requirement.value}
          saved={requirement.value}
          onChange={(ids) => onChange({ ...requirement, value: ids as string[] })}
        />
      )}
      {requirement.type === "owner_eq" && <OwnerRefsEditor value={requirement.value} onChange={(value) => onChange({ ...requirement, value })} />}
      {requirement.type === "field_eq" && (
        <FieldValuesEditor
          definitions={fields}
          value={requirement.fields}
          errors={errorsAt(errors, "fields")}
          emptyHint={t("workflow.requirement.empty")}
          onChange={(value) => onChange({ ...requirement, fields: value })}
        />
      )}
    </KindCard>
  );
}

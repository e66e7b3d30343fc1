"use client";
import { useTranslations } from "next-intl";
import { Select } from "@mantine/core";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { FieldDefinition, ProjectStatus } from "@/lib/schemas/project-fields";
import type { Effect } from "@/lib/schemas/workflow";
import { errorsAt } from "@/lib/client/field-errors";
import { FieldValuesEditor } from "./field-values-editor";
import { KindCard } from "./kind-card";
import { OwnerSetEditor } from "./owner-set-editor";
import { EFFECT_LABELS } from "./workflow-kinds";

type Props = {
  effect: Effect;
  statuses: ProjectStatus[];
  fields: FieldDefinition[];
  errors: FieldErrors;
  onChange: (effect: Effect) => void;
  onRemove: () => void;
};

/** One change the workflow makes to the project. */
export function EffectCard({ effect, statuses, fields, errors, onChange, onRemove }: Props) {
  const t = useTranslations();
  return (
    <KindCard title={t(EFFECT_LABELS[effect.type])} errors={errors} onRemove={onRemove}>
      {effect.type === "status_set" && (
        <Select
          aria-label={t("workflow.effect.newStatus")}
          placeholder={t("workflow.effect.chooseStatus")}
          data={statuses.map((status) => ({ value: String(status.id), label: status.title }))}
          value={effect.value === 0 ? null : String(effect.value)}
          allowDeselect={false}
          onChange={(id) => id && onChange({ ...effect, value: Number(id) })}
        />
      )}
      {effect.type === "owner_set" && <OwnerSetEditor value={effect.value} onChange={(value) => onChange({ ...effect, value })} />}
      {effect.type === "field_set" && (
        <FieldValuesEditor
          definitions={fields}
          value={effect.fields}
          errors={errorsAt(errors, "fields")}
          emptyHint={t("workflow.effect.clearValue")}
          onChange={(value) => onChange({ ...effect, fields: value })}
        />
      )}
    </KindCard>
  );
}

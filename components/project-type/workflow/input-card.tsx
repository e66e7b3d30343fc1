"use client";
import { useTranslations } from "next-intl";
import { Checkbox } from "@mantine/core";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import type { WorkflowInput } from "@/lib/schemas/workflow";
import { errorsAt } from "@/lib/client/field-errors";
import { InputFieldsEditor } from "./input-fields-editor";
import { KindCard } from "./kind-card";
import { INPUT_LABELS } from "./workflow-kinds";

type Props = {
  input: WorkflowInput;
  fields: FieldDefinition[];
  errors: FieldErrors;
  onChange: (input: WorkflowInput) => void;
  onRemove: () => void;
};

/** Something the person running the workflow is asked for. */
export function InputCard({ input, fields, errors, onChange, onRemove }: Props) {
  const t = useTranslations();
  return (
    <KindCard title={t(INPUT_LABELS[input.type])} errors={errors} onRemove={onRemove}>
      {input.type === "comment" ? (
        <Checkbox
          label={t("workflow.input.commentRequired")}
          checked={input.required}
          onChange={(event) => onChange({ ...input, required: event.currentTarget.checked })}
        />
      ) : (
        <InputFieldsEditor
          definitions={fields}
          value={input.fields}
          errors={errorsAt(errors, "fields")}
          onChange={(value) => onChange({ ...input, fields: value })}
        />
      )}
    </KindCard>
  );
}

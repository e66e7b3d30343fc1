"use client";
import { useTranslations } from "next-intl";
import { TextInput } from "@mantine/core";
import { FieldValueInput } from "@/components/project-field/lazy-field-value-input";
import type { FieldErrors } from "@/lib/client/field-errors";
import { checkFieldValue } from "@/lib/schemas/field-check";
import { kindOf, type FieldData } from "@/lib/schemas/field-kinds";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { FieldRowsEditor } from "./field-rows-editor";

type Entry = { id: number; value: FieldData };

type Props = {
  definitions: FieldDefinition[];
  value: Entry[];
  onChange: (value: Entry[]) => void;
  /** Paths inside the list: "0.value". */
  errors: FieldErrors;
  /** What an empty value means here: "Empty" for a requirement, "Clear the value" for an effect. */
  emptyHint: string;
};

// The editor holds "" for no value, as the schema takes it: a cleared input of any kind.
const stored = (value: unknown): FieldData => (value === null || value === undefined ? "" : (value as FieldData));

/** Pairs of field and value, for the field_eq requirement and the field_set effect; each value with its field's own input. */
export function FieldValuesEditor({ emptyHint, ...props }: Props) {
  const t = useTranslations();
  const problem = (definition: FieldDefinition, value: FieldData) => {
    const checked = checkFieldValue(definition, value);
    if (!("error" in checked)) return undefined;
    if (checked.error === "validation.field.format") return t("workflow.fieldRows.noMatch");
    return t(checked.error as never, { ...checked.values, field: definition.title } as never);
  };
  return (
    <FieldRowsEditor<Entry>
      {...props}
      blank={(id) => ({ id, value: "" })}
      // Another field has other rules, so its value starts over.
      moved={(_entry, id) => ({ id, value: "" })}
      detail={(entry, index, update, definition) => {
        const label = t("workflow.fieldRows.valueOf", { field: definition?.title ?? t("workflow.fieldRows.unnamed", { id: entry.id }) });
        const error = (definition && problem(definition, entry.value)) ?? props.errors[`${index}.value`];
        if (!definition) {
          return <TextInput aria-label={label} value={String(entry.value)} onChange={(event) => update({ ...entry, value: event.currentTarget.value })} error={error} style={{ flex: 1, minWidth: 0 }} />;
        }
        return (
          <FieldValueInput
            field={definition}
            aria-label={label}
            label={kindOf(definition) === "checkbox" ? definition.title : undefined}
            placeholder={emptyHint}
            value={entry.value}
            onChange={(next) => update({ ...entry, value: stored(next) })}
            error={error}
            style={{ flex: 1, minWidth: 0 }}
          />
        );
      }}
    />
  );
}

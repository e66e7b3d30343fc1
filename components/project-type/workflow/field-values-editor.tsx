"use client";
import { useTranslations } from "next-intl";
import { TextInput } from "@mantine/core";
import type { FieldErrors } from "@/lib/client/field-errors";
import { valueMatches, type FieldDefinition } from "@/lib/schemas/project-fields";
import { FieldRowsEditor } from "./field-rows-editor";

type Entry = { id: number; value: string };

type Props = {
  definitions: FieldDefinition[];
  value: Entry[];
  onChange: (value: Entry[]) => void;
  /** Paths inside the list: "0.value". */
  errors: FieldErrors;
  /** What an empty value means here: "Empty" for a requirement, "Clear the value" for an effect. */
  emptyHint: string;
};

/** Pairs of field and value, for the field_eq requirement and the field_set effect. */
export function FieldValuesEditor({ emptyHint, ...props }: Props) {
  const t = useTranslations();
  return (
    <FieldRowsEditor<Entry>
      {...props}
      blank={(id) => ({ id, value: "" })}
      // Another field has other rules, so its value starts over.
      moved={(_entry, id) => ({ id, value: "" })}
      detail={(entry, index, update, definition) => (
        <TextInput
          aria-label={t("workflow.fieldRows.valueOf", { field: definition?.title ?? t("workflow.fieldRows.unnamed", { id: entry.id }) })}
          placeholder={emptyHint}
          value={entry.value}
          onChange={(event) => update({ ...entry, value: event.currentTarget.value })}
          error={
            (definition && entry.value && !valueMatches(definition, entry.value) ? t("workflow.fieldRows.noMatch") : undefined) ??
            props.errors[`${index}.value`]
          }
          style={{ flex: 1 }}
        />
      )}
    />
  );
}

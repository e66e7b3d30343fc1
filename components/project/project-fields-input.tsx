"use client";
import { useTranslations } from "next-intl";
import { Stack, Text } from "@mantine/core";
import type { FieldRenderProps } from "@/components/form/form-config";
import { FieldValueInput } from "@/components/project-field/lazy-field-value-input";
import { isEmptyValue } from "@/lib/schemas/field-kinds";
import type { FieldDefinition, FieldValue } from "@/lib/schemas/project-fields";
import { useProjectType } from "./project-type-data";

const valuesOf = (value: unknown): FieldValue[] => (Array.isArray(value) ? (value as FieldValue[]) : []);

const hasValue = (value: unknown) => !isEmptyValue(value) && !(typeof value === "string" && !value.trim());

/**
 * The value list without empty entries, in the type's field order: what the
 * form holds is what a save sends, so a 400's `fields.{index}` points at the
 * same entry here.
 */
function withValue(values: FieldValue[], definitions: FieldDefinition[], id: number, value: unknown): FieldValue[] {
  const rank = (fieldId: number) => definitions.findIndex((definition) => definition.id === fieldId);
  const kept = values.filter((entry) => entry.id !== id && rank(entry.id) >= 0);
  const next = hasValue(value) ? [...kept, { id, value: value as FieldValue["value"] }] : kept;
  return next.sort((a, b) => rank(a.id) - rank(b.id));
}

/** One input per custom field of the project's type, with its required flag; errors land on the field they name. */
export function ProjectFieldsInput({ value, onChange, error, errors = {}, form, itemId }: FieldRenderProps) {
  const t = useTranslations();
  const typeId = form?.values.type;
  const { data: type } = useProjectType(typeof typeId === "string" && typeId ? typeId : null);
  if (!type || type.fields.length === 0) return null;
  const values = valuesOf(value);
  const errorById = new Map<number, string>();
  for (const [path, message] of Object.entries(errors)) {
    const entry = values[Number(path.split(".")[0])];
    if (entry && !errorById.has(entry.id)) errorById.set(entry.id, message);
  }
  // An error on the list itself is a required field left empty (the server names it in its message). A saved
  // project may lack one from the start (an approved quote made it): it shows as missing until filled in.
  const listError = error && !Object.values(errors).includes(error) ? error : undefined;
  const valueOf = (id: number) => values.find((entry) => entry.id === id)?.value;
  const missing = type.fields.filter((definition) => definition.required && !hasValue(valueOf(definition.id)));
  return (
    <Stack gap="md">
      {type.fields.map((definition) => (
        <FieldValueInput
          key={definition.id}
          field={definition}
          label={definition.title}
          description={definition.description || undefined}
          required={definition.required}
          value={valueOf(definition.id) ?? null}
          onChange={(next) => onChange(withValue(values, type.fields, definition.id, next))}
          error={errorById.get(definition.id) ?? ((listError || itemId) && missing.includes(definition) ? t("common.required") : undefined)}
        />
      ))}
      {listError && missing.length === 0 && (
        <Text size="sm" c="red">
          {listError}
        </Text>
      )}
    </Stack>
  );
}

"use client";
import { ActionIcon, Button, Group, Select, Stack, TextInput } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import type { FieldErrors } from "@/lib/client/field-errors";
import { valueMatches, type FieldDefinition } from "@/lib/schemas/project-fields";
import { removeAt, replaceAt } from "../list-edit";

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
export function FieldValuesEditor({ definitions, value, onChange, errors, emptyHint }: Props) {
  const unused = definitions.filter((definition) => !value.some((entry) => entry.id === definition.id));
  const titleOf = (id: number) => definitions.find((definition) => definition.id === id)?.title ?? `Field ${id}`;
  return (
    <Stack gap="xs">
      {value.map((entry, index) => {
        const definition = definitions.find((candidate) => candidate.id === entry.id);
        const mismatch = definition && entry.value && !valueMatches(definition, entry.value) ? "Does not match the field's validation" : undefined;
        const options = [definition, ...unused].filter((d): d is FieldDefinition => Boolean(d));
        return (
          <Group key={entry.id} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              aria-label="Field"
              data={options.map((d) => ({ value: String(d.id), label: d.title }))}
              value={String(entry.id)}
              allowDeselect={false}
              onChange={(id) => id && onChange(replaceAt(value, index, { id: Number(id), value: "" }))}
              error={errors[`${index}.id`]}
              style={{ flex: 1 }}
            />
            <TextInput
              aria-label={`Value of ${titleOf(entry.id)}`}
              placeholder={emptyHint}
              value={entry.value}
              onChange={(event) => onChange(replaceAt(value, index, { ...entry, value: event.currentTarget.value }))}
              error={mismatch ?? errors[`${index}.value`]}
              style={{ flex: 1 }}
            />
            <ActionIcon variant="subtle" color="gray" mt={4} aria-label={`Remove ${titleOf(entry.id)}`} onClick={() => onChange(removeAt(value, index))}>
              <IconX size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      <Group>
        <Button
          variant="subtle"
          size="compact-sm"
          leftSection={<IconPlus size={14} />}
          disabled={unused.length === 0}
          onClick={() => onChange([...value, { id: unused[0].id, value: "" }])}
        >
          Add field
        </Button>
      </Group>
    </Stack>
  );
}

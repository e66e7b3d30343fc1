"use client";
import { ActionIcon, Button, Checkbox, Group, Select, Stack } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { removeAt, replaceAt } from "../list-edit";

type Entry = { id: number; required: boolean };

type Props = { definitions: FieldDefinition[]; value: Entry[]; onChange: (value: Entry[]) => void; errors: FieldErrors };

/** The fields a workflow asks for when it runs, each optional or required. */
export function InputFieldsEditor({ definitions, value, onChange, errors }: Props) {
  const unused = definitions.filter((definition) => !value.some((entry) => entry.id === definition.id));
  const titleOf = (id: number) => definitions.find((definition) => definition.id === id)?.title ?? `Field ${id}`;
  return (
    <Stack gap="xs">
      {value.map((entry, index) => {
        const current = definitions.find((d) => d.id === entry.id);
        const options = [current, ...unused].filter((d): d is FieldDefinition => Boolean(d));
        return (
          <Group key={entry.id} gap="sm" wrap="nowrap">
            <Select
              aria-label="Field"
              data={options.map((d) => ({ value: String(d.id), label: d.title }))}
              value={String(entry.id)}
              allowDeselect={false}
              onChange={(id) => id && onChange(replaceAt(value, index, { ...entry, id: Number(id) }))}
              error={errors[`${index}.id`]}
              style={{ flex: 1 }}
            />
            <Checkbox
              label="Required"
              checked={entry.required}
              onChange={(event) => onChange(replaceAt(value, index, { ...entry, required: event.currentTarget.checked }))}
            />
            <ActionIcon variant="subtle" color="gray" aria-label={`Remove ${titleOf(entry.id)}`} onClick={() => onChange(removeAt(value, index))}>
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
          onClick={() => onChange([...value, { id: unused[0].id, required: false }])}
        >
          Add field
        </Button>
      </Group>
    </Stack>
  );
}

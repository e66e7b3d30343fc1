"use client";
import { useTranslations } from "next-intl";
import { ActionIcon, Button, Group, Select, Stack } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FieldErrors } from "@/lib/client/field-errors";
import type { FieldDefinition } from "@/lib/schemas/project-fields";
import { removeAt, replaceAt } from "../list-edit";

type Props<Entry extends { id: number }> = {
  definitions: FieldDefinition[];
  value: Entry[];
  onChange: (value: Entry[]) => void;
  /** Paths inside the list: "0.id", "0.value". */
  errors: FieldErrors;
  /** A new row for a field, and a row moved to another field. */
  blank: (id: number) => Entry;
  moved: (entry: Entry, id: number) => Entry;
  /** What each row edits besides its field. */
  detail: (entry: Entry, index: number, update: (entry: Entry) => void, definition?: FieldDefinition) => ReactNode;
};

/** Rows of custom fields, each used at most once: a field choice, the row's own control, Remove; Add field below. */
export function FieldRowsEditor<Entry extends { id: number }>({ definitions, value, onChange, errors, blank, moved, detail }: Props<Entry>) {
  const t = useTranslations();
  const unused = definitions.filter((definition) => !value.some((entry) => entry.id === definition.id));
  const titleOf = (id: number) => definitions.find((definition) => definition.id === id)?.title ?? t("workflow.fieldRows.unnamed", { id });
  return (
    <Stack gap="xs">
      {value.map((entry, index) => {
        const definition = definitions.find((candidate) => candidate.id === entry.id);
        const options = [definition, ...unused].filter((d): d is FieldDefinition => Boolean(d));
        const update = (next: Entry) => onChange(replaceAt(value, index, next));
        return (
          <Group key={entry.id} gap="xs" align="flex-start" wrap="nowrap">
            <Select
              aria-label={t("workflow.fieldRows.field")}
              data={options.map((d) => ({ value: String(d.id), label: d.title }))}
              value={String(entry.id)}
              allowDeselect={false}
              onChange={(id) => id && update(moved(entry, Number(id)))}
              error={errors[`${index}.id`]}
              style={{ flex: 1, minWidth: 0 }}
            />
            {detail(entry, index, update, definition)}
            <ActionIcon variant="subtle" color="gray" mt={4} aria-label={t("workflow.fieldRows.remove", { field: titleOf(entry.id) })} onClick={() => onChange(removeAt(value, index))}>
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
          onClick={() => onChange([...value, blank(unused[0].id)])}
        >
          {t("workflow.fieldRows.add")}
        </Button>
      </Group>
    </Stack>
  );
}

"use client";
import { Droppable } from "@hello-pangea/dnd";
import { Group, Paper, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ImportField, Mapping } from "@/lib/import/fields";
import { chipClone } from "./chip-clone";
import { FIELDS_DROP } from "./drag-field";
import { FieldChip } from "./field-chip";

type Props = {
  fields: readonly ImportField[];
  columns: string[];
  mappings: Mapping;
  onAssign: (field: string, column: number) => void;
};

/** The fields not mapped yet; a chip dropped back here is unmapped. */
export function FieldPalette({ fields, columns, mappings, onAssign }: Props) {
  const t = useTranslations();
  const unmapped = fields.filter((field) => mappings[field.id] === undefined);
  return (
    <Droppable droppableId={FIELDS_DROP} direction="horizontal" renderClone={chipClone(fields)}>
      {(provided, snapshot) => (
        <Paper
          ref={provided.innerRef}
          {...provided.droppableProps}
          withBorder
          p="sm"
          role="group"
          aria-label={t("import.mapping.fields")}
          style={{ borderStyle: "dashed", background: snapshot.isDraggingOver ? "var(--mantine-primary-color-light)" : undefined }}
        >
          <Group gap="xs">
            {unmapped.length === 0 && (
              <Text size="sm" c="dimmed">
                {t("import.mapping.allMapped")}
              </Text>
            )}
            {unmapped.map((field, index) => (
              <FieldChip key={field.id} field={field} index={index} columns={columns} onAssign={(column) => onAssign(field.id, column)} />
            ))}
            {provided.placeholder}
          </Group>
        </Paper>
      )}
    </Droppable>
  );
}

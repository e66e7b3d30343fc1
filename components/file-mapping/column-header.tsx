"use client";
import { Droppable } from "@hello-pangea/dnd";
import { Box, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ImportField } from "@/lib/import/fields";
import { chipClone } from "./chip-clone";
import { columnDrop } from "./drag-field";
import { MappedChip } from "./field-chip";

type Props = { name: string; index: number; fields: ImportField[]; allFields: readonly ImportField[]; onRemove: (field: string) => void };

/** A column of the preview: its header, the fields mapped to it, and a drop target for more. */
export function ColumnHeader({ name, index, fields, allFields, onRemove }: Props) {
  const t = useTranslations();
  return (
    <Stack gap={6} miw={150} data-column={index}>
      <Text fw={700} size="sm" lineClamp={2} title={name}>
        {name}
      </Text>
      <Droppable droppableId={columnDrop(index)} direction="horizontal" renderClone={chipClone(allFields)}>
        {(provided, snapshot) => (
          <Box
            ref={provided.innerRef}
            {...provided.droppableProps}
            aria-label={t("import.mapping.mappedTo", { column: name })}
            role="group"
            p={6}
            mih={40}
            style={{
              borderRadius: "var(--mantine-radius-sm)",
              border: `1px dashed ${snapshot.isDraggingOver ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
              background: snapshot.isDraggingOver ? "var(--mantine-primary-color-light)" : undefined,
            }}
          >
            <Group gap={4}>
              {fields.length === 0 && (
                <Text size="xs" c="dimmed" fw={400}>
                  {t("import.mapping.drop")}
                </Text>
              )}
              {fields.map((field, at) => (
                <MappedChip key={field.id} field={field} index={at} column={name} onRemove={() => onRemove(field.id)} />
              ))}
              {provided.placeholder}
            </Group>
          </Box>
        )}
      </Droppable>
    </Stack>
  );
}

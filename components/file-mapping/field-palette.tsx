"use client";
import { Group, Paper, Text } from "@mantine/core";
import { useState } from "react";
import type { ImportField, Mapping } from "@/lib/import/fields";
import { fieldDropTarget } from "./drag-field";
import { FieldChip } from "./field-chip";

type Props = {
  fields: readonly ImportField[];
  columns: string[];
  mappings: Mapping;
  onAssign: (field: string, column: number) => void;
  onRemove: (field: string) => void;
};

/** The fields not mapped yet; a chip dropped back here is unmapped. */
export function FieldPalette({ fields, columns, mappings, onAssign, onRemove }: Props) {
  const [over, setOver] = useState(false);
  const unmapped = fields.filter((field) => mappings[field.id] === undefined);
  return (
    <Paper
      {...fieldDropTarget(onRemove, setOver)}
      withBorder
      p="sm"
      role="group"
      aria-label="Fields"
      style={{ borderStyle: "dashed", background: over ? "var(--mantine-primary-color-light)" : undefined }}
    >
      {unmapped.length === 0 ? (
        <Text size="sm" c="dimmed">
          Every field is mapped. Drag a field back here to unmap it.
        </Text>
      ) : (
        <Group gap="xs">
          {unmapped.map((field) => (
            <FieldChip key={field.id} field={field} columns={columns} onAssign={(column) => onAssign(field.id, column)} />
          ))}
        </Group>
      )}
    </Paper>
  );
}

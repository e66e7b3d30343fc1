"use client";
import { Box, Group, Stack, Text } from "@mantine/core";
import { useState } from "react";
import type { ImportField } from "@/lib/import/fields";
import { fieldDropTarget } from "./drag-field";
import { MappedChip } from "./field-chip";

type Props = { name: string; index: number; fields: ImportField[]; onAssign: (field: string) => void; onRemove: (field: string) => void };

/** A column of the preview: its header, the fields mapped to it, and a drop target for more. */
export function ColumnHeader({ name, index, fields, onAssign, onRemove }: Props) {
  const [over, setOver] = useState(false);
  return (
    <Stack gap={6} miw={150} data-column={index}>
      <Text fw={700} size="sm" lineClamp={2} title={name}>
        {name}
      </Text>
      <Box
        {...fieldDropTarget(onAssign, setOver)}
        aria-label={`Fields mapped to ${name}`}
        role="group"
        p={6}
        mih={40}
        style={{
          borderRadius: "var(--mantine-radius-sm)",
          border: `1px dashed ${over ? "var(--mantine-primary-color-filled)" : "var(--mantine-color-default-border)"}`,
          background: over ? "var(--mantine-primary-color-light)" : undefined,
        }}
      >
        {fields.length === 0 ? (
          <Text size="xs" c="dimmed" fw={400}>
            Drop a field here
          </Text>
        ) : (
          <Group gap={4}>
            {fields.map((field) => (
              <MappedChip key={field.id} field={field} column={name} onRemove={() => onRemove(field.id)} />
            ))}
          </Group>
        )}
      </Box>
    </Stack>
  );
}

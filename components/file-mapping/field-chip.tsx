"use client";
import { Badge, CloseButton, Menu, Tooltip } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import type { ImportField } from "@/lib/import/fields";
import { startFieldDrag } from "./drag-field";

const colorOf = (field: ImportField) => (field.required ? "green" : "blue");

const chipStyle = { cursor: "grab", textTransform: "none", maxWidth: "100%" } as const;

/**
 * A field not mapped yet: dragged onto a column header, or clicked (or opened
 * with the keyboard) to pick the column from a menu.
 */
export function FieldChip({ field, columns, onAssign }: { field: ImportField; columns: string[]; onAssign: (column: number) => void }) {
  return (
    <Menu position="bottom-start" shadow="md" withinPortal zIndex={400}>
      <Tooltip label={field.description} disabled={!field.description} multiline maw={280} withArrow zIndex={400}>
        <Menu.Target>
          <Badge
            component="button"
            type="button"
            draggable
            onDragStart={(event) => startFieldDrag(event, field.id)}
            size="lg"
            radius="sm"
            variant="light"
            color={colorOf(field)}
            leftSection={<IconGripVertical size={14} aria-hidden />}
            style={chipStyle}
            data-field={field.id}
            data-required={field.required ? "true" : undefined}
            aria-label={`${field.label}${field.required ? " (required)" : ""}: choose its column`}
          >
            {field.label}
          </Badge>
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
        <Menu.Label>Map {field.label} to</Menu.Label>
        {columns.map((column, index) => (
          <Menu.Item key={index} onClick={() => onAssign(index)}>
            {column}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

/** A field mapped to a column: dragged to another column or back to the fields, or removed. */
export function MappedChip({ field, column, onRemove }: { field: ImportField; column: string; onRemove: () => void }) {
  return (
    <Badge
      draggable
      onDragStart={(event) => startFieldDrag(event, field.id)}
      size="lg"
      radius="sm"
      variant="filled"
      color={colorOf(field)}
      style={chipStyle}
      data-field={field.id}
      rightSection={
        <CloseButton
          size="xs"
          variant="transparent"
          c="white"
          aria-label={`Remove ${field.label} from ${column}`}
          onClick={onRemove}
        />
      }
    >
      {field.label}
    </Badge>
  );
}

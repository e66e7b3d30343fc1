"use client";
import { Draggable } from "@hello-pangea/dnd";
import { CloseButton, Menu, Tooltip } from "@mantine/core";
import { IconGripVertical } from "@tabler/icons-react";
import type { ImportField } from "@/lib/import/fields";
import { ChipBadge } from "./chip-badge";

type FieldChipProps = { field: ImportField; index: number; columns: string[]; onAssign: (column: number) => void };

/**
 * A field not mapped yet: dragged onto a column header (with the mouse, a finger,
 * or space and the arrow keys), or opened with a click or Enter to pick the column from a menu.
 */
export function FieldChip({ field, index, columns, onAssign }: FieldChipProps) {
  return (
    // The chip is a button (for its menu), which the drag library would otherwise refuse as a handle.
    <Draggable draggableId={field.id} index={index} disableInteractiveElementBlocking>
      {(provided) => (
        <Menu position="bottom-start" shadow="md" withinPortal zIndex={400}>
          <Tooltip label={field.description} disabled={!field.description} multiline maw={280} withArrow zIndex={400}>
            <Menu.Target>
              <ChipBadge
                ref={provided.innerRef}
                {...provided.draggableProps}
                {...provided.dragHandleProps}
                field={field}
                asButton
                leftSection={<IconGripVertical size={14} aria-hidden />}
                aria-label={`${field.label}${field.required ? " (required)" : ""}: choose its column`}
              />
            </Menu.Target>
          </Tooltip>
          <Menu.Dropdown mah={320} style={{ overflowY: "auto" }}>
            <Menu.Label>Map {field.label} to</Menu.Label>
            {columns.map((column, at) => (
              <Menu.Item key={at} onClick={() => onAssign(at)}>
                {column}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      )}
    </Draggable>
  );
}

type MappedChipProps = { field: ImportField; index: number; column: string; onRemove: () => void };

/** A field mapped to a column: dragged to another column or back to the fields, or removed. */
export function MappedChip({ field, index, column, onRemove }: MappedChipProps) {
  return (
    <Draggable draggableId={field.id} index={index}>
      {(provided) => (
        <ChipBadge
          ref={provided.innerRef}
          {...provided.draggableProps}
          {...provided.dragHandleProps}
          field={field}
          mapped
          aria-label={`${field.label}, mapped to ${column}`}
          rightSection={
            <CloseButton size="xs" variant="transparent" c="white" aria-label={`Remove ${field.label} from ${column}`} onClick={onRemove} />
          }
        />
      )}
    </Draggable>
  );
}

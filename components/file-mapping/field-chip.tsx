"use client";
import { Draggable, type DraggableProvided } from "@hello-pangea/dnd";
import { CloseButton, Menu, Tooltip } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { IconGripVertical } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { ImportField } from "@/lib/import/fields";
import { ChipBadge } from "./chip-badge";
import { useCutOff } from "./use-cut-off";

/** What hovering a chip shows: its whole label when the chip cuts it off, and its description. */
function chipTip(field: ImportField, cutOff: boolean): ReactNode {
  if (!cutOff) return field.description;
  if (!field.description) return field.label;
  return (
    <>
      <b>{field.label}</b>
      <br />
      {field.description}
    </>
  );
}

type FieldChipProps = { field: ImportField; index: number; columns: string[]; onAssign: (column: number) => void };

/**
 * A field not mapped yet: dragged onto a column header (with the mouse, a finger,
 * or space and the arrow keys), or opened with a click or Enter to pick the column from a menu.
 */
export function FieldChip(props: FieldChipProps) {
  return (
    // The chip is a button (for its menu), which the drag library would otherwise refuse as a handle.
    <Draggable draggableId={props.field.id} index={props.index} disableInteractiveElementBlocking>
      {(provided) => <UnmappedChip provided={provided} {...props} />}
    </Draggable>
  );
}

function UnmappedChip({ provided, field, columns, onAssign }: FieldChipProps & { provided: DraggableProvided }) {
  const { ref, cutOff } = useCutOff();
  const chipRef = useMergedRef(provided.innerRef, ref);
  const tip = chipTip(field, cutOff);
  return (
    <Menu position="bottom-start" shadow="md" withinPortal zIndex={400}>
      <Tooltip label={tip} disabled={!tip} multiline maw={280} withArrow zIndex={400}>
        <Menu.Target>
          <ChipBadge
            ref={chipRef}
            {...provided.draggableProps}
            {...provided.dragHandleProps}
            field={field}
            asButton
            leftSection={<IconGripVertical size={14} aria-hidden />}
            aria-label={`${field.label}${field.required ? " (required)" : ""}: choose its column`}
          />
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown mah={320} maw={320} style={{ overflowY: "auto" }}>
        <Menu.Label>Map {field.label} to</Menu.Label>
        {columns.map((column, at) => (
          <Menu.Item key={at} onClick={() => onAssign(at)}>
            {column}
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

type MappedChipProps = { field: ImportField; index: number; column: string; onRemove: () => void };

/** A field mapped to a column: dragged to another column or back to the fields, or removed. */
export function MappedChip(props: MappedChipProps) {
  return (
    <Draggable draggableId={props.field.id} index={props.index}>
      {(provided) => <ColumnChip provided={provided} {...props} />}
    </Draggable>
  );
}

function ColumnChip({ provided, field, column, onRemove }: MappedChipProps & { provided: DraggableProvided }) {
  const { ref, cutOff } = useCutOff();
  const chipRef = useMergedRef(provided.innerRef, ref);
  return (
    <Tooltip label={field.label} disabled={!cutOff} withArrow zIndex={400}>
      <ChipBadge
        ref={chipRef}
        {...provided.draggableProps}
        {...provided.dragHandleProps}
        field={field}
        mapped
        aria-label={`${field.label}, mapped to ${column}`}
        rightSection={
          <CloseButton size="xs" variant="transparent" c="white" aria-label={`Remove ${field.label} from ${column}`} onClick={onRemove} />
        }
      />
    </Tooltip>
  );
}

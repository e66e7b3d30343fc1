"use client";
import { Draggable, type DraggableProvided } from "@hello-pangea/dnd";
import { CloseButton, Menu, Tooltip } from "@mantine/core";
import { useMergedRef } from "@mantine/hooks";
import { IconGripVertical } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import type { ImportField } from "@/lib/import/fields";
import { useLabel } from "@/components/shell/use-label";
import { ChipBadge } from "./chip-badge";
import { useCutOff } from "./use-cut-off";

/** What hovering a chip shows: its whole label when the chip cuts it off, and its description. */
function chipTip(label: string, description: string | undefined, cutOff: boolean): ReactNode {
  if (!cutOff) return description;
  if (!description) return label;
  return (
    <>
      <b>{label}</b>
      <br />
      {description}
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
  const t = useTranslations();
  const configLabel = useLabel();
  const { ref, cutOff } = useCutOff();
  const chipRef = useMergedRef(provided.innerRef, ref);
  const label = configLabel(field.label);
  const tip = chipTip(label, field.description && configLabel(field.description), cutOff);
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
            aria-label={t(field.required ? "import.mapping.chooseRequired" : "import.mapping.choose", { field: label })}
          />
        </Menu.Target>
      </Tooltip>
      <Menu.Dropdown mah={320} maw={320} style={{ overflowY: "auto" }}>
        <Menu.Label>{t("import.mapping.mapTo", { field: label })}</Menu.Label>
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
  const t = useTranslations();
  const label = useLabel()(field.label);
  const { ref, cutOff } = useCutOff();
  const chipRef = useMergedRef(provided.innerRef, ref);
  return (
    <Tooltip label={label} disabled={!cutOff} withArrow zIndex={400}>
      <ChipBadge
        ref={chipRef}
        {...provided.draggableProps}
        {...provided.dragHandleProps}
        field={field}
        mapped
        aria-label={t("import.mapping.mapped", { field: label, column })}
        rightSection={
          <CloseButton size="xs" variant="transparent" c="white" aria-label={t("import.mapping.remove", { field: label, column })} onClick={onRemove} />
        }
      />
    </Tooltip>
  );
}

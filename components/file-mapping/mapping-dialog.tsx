"use client";
import { DragDropContext } from "@hello-pangea/dnd";
import { Button, Checkbox, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { Dialog } from "@/components/dialog/dialog";
import type { ImportField } from "@/lib/import/fields";
import { counted } from "@/lib/import/import-summary";
import { applyChipDrop } from "./drag-field";
import { assignField, unassignField, type FileMappingValue } from "./file-mapping-value";
import { FieldPalette } from "./field-palette";
import { MappingStatus } from "./mapping-status";
import { PreviewTable } from "./preview-table";
import { DialogActions } from "@/components/dialog/dialog-actions";

type Props = {
  opened: boolean;
  onClose: () => void;
  fields: readonly ImportField[];
  value: FileMappingValue;
  onChange: (value: FileMappingValue) => void;
};

/** Configure mappings: field chips dropped onto the columns of the file's preview. */
export function MappingDialog({ opened, onClose, fields, value, onChange }: Props) {
  const narrow = useMediaQuery("(max-width: 48em)");
  const assign = (field: string, column: number) => onChange(assignField(value, field, column));
  const remove = (field: string) => onChange(unassignField(value, field));
  return (
    <Dialog opened={opened} onClose={onClose} title="Configure mappings" size="80rem" fullScreen={narrow} zIndex={300} closeButtonProps={{ "aria-label": "Close" }}>
      <Stack gap="md">
        <Text size="sm" fw={500}>
          {value.file.name} · {counted(value.sheet.rows.length, "row", "rows")}
        </Text>
        <Text size="sm" c="dimmed">
          Drag each field onto the column that holds its values, or pick a field to choose its column. Green fields are required,
          blue ones optional; one column may feed several fields.
        </Text>
        <DragDropContext onDragEnd={(result) => applyChipDrop(result, assign, remove)}>
          <FieldPalette fields={fields} columns={value.sheet.columns} mappings={value.mappings} onAssign={assign} />
          <MappingStatus fields={fields} mappings={value.mappings} />
          <PreviewTable sheet={value.sheet} fields={fields} mappings={value.mappings} onRemove={remove} />
        </DragDropContext>
        <Text size="xs" c="dimmed">
          This is only a preview of the data, there might be more rows in the original file
        </Text>
        <DialogActions justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            label="Skip invalid rows"
            description="Import the valid rows and report the others. Without it, one invalid row stops the whole import."
            checked={value.skipInvalid}
            onChange={(event) => onChange({ ...value, skipInvalid: event.currentTarget.checked })}
          />
          <Button onClick={onClose} style={{ flexShrink: 0 }}>
            Done
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

"use client";
import { DragDropContext } from "@hello-pangea/dnd";
import { Button, Checkbox, Stack, Text } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { useTranslations } from "next-intl";
import { Dialog } from "@/components/dialog/dialog";
import type { ImportField } from "@/lib/import/fields";
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
  const t = useTranslations();
  const narrow = useMediaQuery("(max-width: 48em)");
  const assign = (field: string, column: number) => onChange(assignField(value, field, column));
  const remove = (field: string) => onChange(unassignField(value, field));
  return (
    <Dialog opened={opened} onClose={onClose} title={t("import.mapping.title")} size="80rem" fullScreen={narrow} zIndex={300} closeButtonProps={{ "aria-label": t("common.close") }}>
      <Stack gap="md">
        <Text size="sm" fw={500}>
          {value.file.name} · {t("import.noun.rows", { count: value.sheet.rows.length })}
        </Text>
        <Text size="sm" c="dimmed">
          {t("import.mapping.help")}
        </Text>
        <DragDropContext onDragEnd={(result) => applyChipDrop(result, assign, remove)}>
          <FieldPalette fields={fields} columns={value.sheet.columns} mappings={value.mappings} onAssign={assign} />
          <MappingStatus fields={fields} mappings={value.mappings} />
          <PreviewTable sheet={value.sheet} fields={fields} mappings={value.mappings} onRemove={remove} />
        </DragDropContext>
        <Text size="xs" c="dimmed">
          {t("import.mapping.previewNote")}
        </Text>
        <DialogActions justify="space-between" wrap="nowrap" align="flex-start">
          <Checkbox
            label={t("import.mapping.skipInvalid")}
            description={t("import.mapping.skipInvalidDescription")}
            checked={value.skipInvalid}
            onChange={(event) => onChange({ ...value, skipInvalid: event.currentTarget.checked })}
          />
          <Button onClick={onClose} style={{ flexShrink: 0 }}>
            {t("import.mapping.done")}
          </Button>
        </DialogActions>
      </Stack>
    </Dialog>
  );
}

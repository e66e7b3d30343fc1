"use client";
import { Box, Button, CloseButton, FileButton, Group, Input, Paper, Stack, Text } from "@mantine/core";
import { IconFileSpreadsheet, IconUpload } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useEffect, useRef, useState } from "react";
import { unmappedRequired, type ImportField } from "@/lib/import/fields";
import { IMPORT_ACCEPT } from "@/lib/import/file-kind";
import { IMPORT_LIMITS } from "@/lib/import/limits";
import { useLabel } from "@/components/shell/use-label";
import { lazyComponent } from "@/lib/client/lazy-component";
import { mappingState, type FileMappingValue } from "./file-mapping-value";
import { MappingStatus } from "./mapping-status";
import { RequiredMappingInput } from "./required-mapping-input";
import { useFileChoice } from "./use-file-choice";

type Props = {
  label: string;
  fields: readonly ImportField[];
  value: FileMappingValue | null;
  onChange: (value: FileMappingValue | null) => void;
  /** A file must be chosen before the form submits. */
  required?: boolean;
  name?: string;
  /** Tells a surrounding dialog when the mapping dialog opens or closes (it must not close on the same Escape). */
  onDialogChange?: (open: boolean) => void;
};

// The dialog and its drag and drop are fetched while the chosen file is read, so both are ready together.
const MappingDialog = lazyComponent(() => import("./mapping-dialog").then((module) => module.MappingDialog));

const BORDER = { valid: "var(--mantine-color-green-6)", invalid: "var(--mantine-color-red-6)", empty: undefined };

/**
 * The file mapping control (spec §2): Select file, then Configure mappings; red
 * while a required field has no column, green once all have one.
 */
export function FileMappingField({ label, fields, value, onChange, required = false, name, onDialogChange }: Props) {
  const t = useTranslations();
  const configLabel = useLabel();
  const [dialogOpen, setDialogOpen] = useState(false);
  const resetRef = useRef<() => void>(null);
  const { reading, read } = useFileChoice(fields);
  const state = mappingState(fields, value, required);

  useEffect(() => onDialogChange?.(dialogOpen), [dialogOpen, onDialogChange]);

  async function choose(file: File | null) {
    resetRef.current?.();
    if (!file) return;
    const [next] = await Promise.all([read(file), MappingDialog.preload().catch(() => undefined)]);
    onChange(next);
    if (next) setDialogOpen(true);
  }

  function clear() {
    resetRef.current?.();
    setDialogOpen(false);
    onChange(null);
  }

  const missing = value ? unmappedRequired(fields, value.mappings) : [];
  const message = value
    ? t("import.mapping.missing", { count: missing.length, fields: missing.map((field) => configLabel(field.label)).join(", ") })
    : t("import.file.choose");
  const limits = t("import.file.limits", {
    megabytes: Math.floor(IMPORT_LIMITS.maxBytes / 1024 / 1024),
    rows: IMPORT_LIMITS.maxRows,
    columns: IMPORT_LIMITS.maxColumns,
    cells: IMPORT_LIMITS.maxCells,
  });

  return (
    <Input.Wrapper label={label} required={required} description={limits}>
      <Paper
        withBorder
        p="sm"
        mt={4}
        pos="relative"
        data-file-mapping
        data-state={state}
        style={{ borderColor: BORDER[state], borderWidth: state === "empty" ? undefined : 2 }}
      >
        {value ? (
          <Stack gap="xs">
            <Group justify="space-between" wrap="nowrap" gap="xs">
              <Group gap="xs" wrap="nowrap" miw={0}>
                <IconFileSpreadsheet size={20} aria-hidden style={{ flexShrink: 0 }} />
                <Box miw={0}>
                  <Text size="sm" fw={500} truncate="end">
                    {value.file.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("import.file.summary", {
                      rows: t("import.noun.rows", { count: value.sheet.rows.length }),
                      mapped: Object.keys(value.mappings).length,
                      fields: t("import.noun.fields", { count: fields.length }),
                    })}
                    {value.skipInvalid ? t("import.file.skipping") : ""}
                  </Text>
                </Box>
              </Group>
              <CloseButton aria-label={t("import.file.clear")} onClick={clear} />
            </Group>
            <Group justify="space-between" gap="xs">
              <MappingStatus fields={fields} mappings={value.mappings} />
              <Button size="xs" variant="default" onClick={() => setDialogOpen(true)}>
                {t("import.mapping.title")}
              </Button>
            </Group>
          </Stack>
        ) : (
          <Group gap="sm">
            <FileButton onChange={choose} accept={IMPORT_ACCEPT} resetRef={resetRef}>
              {(props) => (
                <Button {...props} variant="default" leftSection={<IconUpload size={16} />} loading={reading}>
                  {t("import.file.select")}
                </Button>
              )}
            </FileButton>
            <Text size="sm" c="dimmed">
              {t("import.file.none")}
            </Text>
          </Group>
        )}
        <RequiredMappingInput name={name} complete={state !== "invalid"} message={message} />
      </Paper>
      {value && (
        <MappingDialog opened={dialogOpen} onClose={() => setDialogOpen(false)} fields={fields} value={value} onChange={onChange} />
      )}
    </Input.Wrapper>
  );
}

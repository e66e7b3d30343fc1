"use client";
import { ActionIcon, Group, Input, Paper, Select, Stack, Text } from "@mantine/core";
import { IconTrash } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import { useLabel } from "@/components/shell/use-label";
import { levelOptions, toFormLevel, type FullWord } from "./sharing-levels";
import { useLocationOptions } from "./use-location-options";

export type SharingValue = { default: string; locations: { id: string; level: string }[] };

type Props = {
  label: string;
  value: SharingValue;
  onChange: (value: SharingValue) => void;
  full?: FullWord;
  /** The saved default; while the form changes it the server empties the list, so no levels can be added yet. */
  savedDefault?: string;
  /** Ids never offered, e.g. a location's own id on its own form. */
  exclude?: string[];
  error?: string;
};

export function SharingEditor({ label, value, onChange, full = "edit", savedDefault, exclude = [], error }: Props) {
  const t = useTranslations();
  const text = useLabel();
  const levels = levelOptions(full).map((option) => ({ ...option, label: t(option.label) }));
  const taken = [...exclude, ...value.locations.map((entry) => entry.id)];
  const offered = useLocationOptions(taken);
  const locked = savedDefault !== undefined && savedDefault !== value.default;
  const setEntry = (index: number, level: string) =>
    onChange({ ...value, locations: value.locations.map((entry, i) => (i === index ? { ...entry, level } : entry)) });

  return (
    <Input.Wrapper label={text(label)} error={error}>
      <Stack gap="xs" mt={4}>
        <Select
          aria-label={t("form.sharing.default")}
          description={t("form.sharing.defaultHint")}
          data={levels}
          value={toFormLevel(value.default, full)}
          allowDeselect={false}
          // A new default replaces every per-location level, as the server does.
          onChange={(level) => level && onChange({ default: level, locations: [] })}
          maw={320}
        />
        {value.locations.length > 0 && (
          <Paper withBorder p="xs">
            <Stack gap={6}>
              {value.locations.map((entry, index) => (
                <Group key={entry.id} justify="space-between" wrap="nowrap" data-testid="sharing-entry">
                  <ReferenceBadge type="location" id={entry.id} />
                  <Group gap="xs" wrap="nowrap">
                    <Select
                      aria-label={t("form.sharing.levelHere")}
                      size="xs"
                      w={150}
                      data={levels}
                      value={toFormLevel(entry.level, full)}
                      allowDeselect={false}
                      onChange={(level) => level && setEntry(index, level)}
                    />
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("form.sharing.remove")}
                      onClick={() => onChange({ ...value, locations: value.locations.filter((_, i) => i !== index) })}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Group>
                </Group>
              ))}
            </Stack>
          </Paper>
        )}
        {locked ? (
          <Text size="xs" c="dimmed">
            {t("form.sharing.locked")}
          </Text>
        ) : (
          <Select
            aria-label={t("form.sharing.add")}
            placeholder={t("form.sharing.addPlaceholder")}
            data={offered}
            value={null}
            searchable
            nothingFoundMessage={t("form.sharing.noneLeft")}
            onChange={(id) => id && onChange({ ...value, locations: [...value.locations, { id, level: "view" }] })}
            maw={320}
          />
        )}
      </Stack>
    </Input.Wrapper>
  );
}

"use client";
import { useTranslations } from "next-intl";
import { Group, Select } from "@mantine/core";
import { ProjectTypeIcon } from "@/components/project-type/project-type-icon";
import type { ProjectTypeItem } from "@/components/project-type/project-type-item";

type Props = { types: ProjectTypeItem[]; value: string | null; onChange: (id: string) => void };

export function BoardTypeSelect({ types, value, onChange }: Props) {
  const t = useTranslations();
  const byId = new Map(types.map((type) => [type.id, type]));
  const chosen = value ? byId.get(value) : undefined;
  return (
    <Select
      aria-label={t("board.typeSelect.label")}
      placeholder={t("board.typeSelect.placeholder")}
      data={types.map((type) => ({ value: type.id, label: type.name }))}
      value={value}
      onChange={(next) => next && onChange(next)}
      allowDeselect={false}
      searchable
      w={280}
      maw="100%"
      leftSection={chosen ? <ProjectTypeIcon icon={chosen.icon} color={chosen.color} size={20} /> : null}
      renderOption={({ option }) => {
        const type = byId.get(option.value);
        return (
          <Group gap={8} wrap="nowrap">
            {type && <ProjectTypeIcon icon={type.icon} color={type.color} size={20} />}
            {option.label}
          </Group>
        );
      }}
    />
  );
}

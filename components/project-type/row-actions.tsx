"use client";
import { useTranslations } from "next-intl";
import { ActionIcon, Group, Tooltip } from "@mantine/core";
import { IconArrowDown, IconArrowUp, IconTrash } from "@tabler/icons-react";

type Props = {
  /** How the row is called in the buttons' names: `Move "Done" up`. */
  name: string;
  index: number;
  count: number;
  onMove: (delta: -1 | 1) => void;
  onRemove: () => void;
  /** Why the row cannot be removed, when it cannot. */
  removeBlocked?: string;
};

/** Move up, move down and remove, for one row of an editable list. */
export function RowActions({ name, index, count, onMove, onRemove, removeBlocked }: Props) {
  const t = useTranslations();
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label={t("projectType.row.moveUp", { name })} disabled={index === 0} onClick={() => onMove(-1)}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={t("projectType.row.moveDown", { name })} disabled={index === count - 1} onClick={() => onMove(1)}>
        <IconArrowDown size={16} />
      </ActionIcon>
      <Tooltip label={removeBlocked ?? t("projectType.row.remove", { name })} withinPortal>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={t("projectType.row.remove", { name })}
          aria-disabled={Boolean(removeBlocked)}
          data-disabled={removeBlocked ? true : undefined}
          onClick={() => !removeBlocked && onRemove()}
        >
          <IconTrash size={16} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}

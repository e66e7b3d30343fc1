"use client";
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
  return (
    <Group gap={2} wrap="nowrap">
      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${name} up`} disabled={index === 0} onClick={() => onMove(-1)}>
        <IconArrowUp size={16} />
      </ActionIcon>
      <ActionIcon variant="subtle" color="gray" aria-label={`Move ${name} down`} disabled={index === count - 1} onClick={() => onMove(1)}>
        <IconArrowDown size={16} />
      </ActionIcon>
      <Tooltip label={removeBlocked ?? `Remove ${name}`} withinPortal>
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Remove ${name}`}
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

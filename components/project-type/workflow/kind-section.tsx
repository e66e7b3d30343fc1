"use client";
import { useTranslations } from "next-intl";
import { Button, Group, Menu, Stack, Text, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import type { ReactNode } from "react";

type Props<Kind extends string> = {
  title: string;
  /** The Add button's text: "Add requirement". */
  add: string;
  /** Catalogue keys of each kind's name. */
  labels: Record<Kind, string>;
  /** Kinds that may be added only once and are there already. */
  taken?: Kind[];
  empty: string;
  count: number;
  onAdd: (kind: Kind) => void;
  children: ReactNode;
};

/** Requirements, inputs or effects of the workflow being edited, with a menu to add one of each kind. */
export function KindSection<Kind extends string>({ title, add, labels, taken = [], empty, count, onAdd, children }: Props<Kind>) {
  const t = useTranslations();
  return (
    <Stack gap="xs">
      <Group justify="space-between">
        <Title order={4}>{title}</Title>
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            <Button variant="light" size="compact-sm" leftSection={<IconPlus size={14} />}>
              {add}
            </Button>
          </Menu.Target>
          <Menu.Dropdown>
            {(Object.keys(labels) as Kind[]).map((kind) => (
              <Menu.Item key={kind} disabled={taken.includes(kind)} onClick={() => onAdd(kind)}>
                {t(labels[kind] as string)}
              </Menu.Item>
            ))}
          </Menu.Dropdown>
        </Menu>
      </Group>
      {count === 0 && (
        <Text size="sm" c="dimmed">
          {empty}
        </Text>
      )}
      {children}
    </Stack>
  );
}

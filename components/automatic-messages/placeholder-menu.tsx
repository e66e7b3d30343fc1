"use client";
import { Button, Code, Group, Menu, Text } from "@mantine/core";
import { IconBraces } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { placeholderLabel } from "./automatic-messages-values";

type Props = {
  placeholders: string[];
  /** The text the placeholder goes into, by its label. */
  target: string;
  onInsert: (placeholder: string) => void;
};

/** The placeholders a trigger's texts may use, each inserted where the cursor was in the text last typed in. */
export function PlaceholderMenu({ placeholders, target, onInsert }: Props) {
  const t = useTranslations();
  return (
    <Menu position="bottom-start" width={300} returnFocus={false} withinPortal>
      <Menu.Target>
        <Button variant="light" size="compact-sm" leftSection={<IconBraces size={16} />}>
          {t("automaticMessages.insertPlaceholder")}
        </Button>
      </Menu.Target>
      <Menu.Dropdown mah={360} style={{ overflowY: "auto" }}>
        <Menu.Label>{t("automaticMessages.insertInto", { field: target })}</Menu.Label>
        {placeholders.map((placeholder) => (
          <Menu.Item key={placeholder} onClick={() => onInsert(placeholder)}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Text size="sm">{t(placeholderLabel(placeholder) as never)}</Text>
              <Code fz="xs">{`{{${placeholder}}}`}</Code>
            </Group>
          </Menu.Item>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}

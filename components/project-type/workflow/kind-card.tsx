"use client";
import { useTranslations } from "next-intl";
import { ActionIcon, Group, Paper, Stack, Text } from "@mantine/core";
import { IconX } from "@tabler/icons-react";
import type { ReactNode } from "react";
import type { FieldErrors } from "@/lib/client/field-errors";

type Props = {
  title: string;
  onRemove: () => void;
  /** Errors of this entry; those of single field rows ("fields.0.value") are shown by the rows themselves. */
  errors: FieldErrors;
  children: ReactNode;
};

/** One requirement, input or effect in the workflow dialog. */
export function KindCard({ title, onRemove, errors, children }: Props) {
  const t = useTranslations();
  const messages = [...new Set(Object.entries(errors).filter(([path]) => !/^fields\.\d/.test(path)).map(([, message]) => message))];
  return (
    <Paper withBorder p="sm" role="group" aria-label={title}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap">
          <Text size="sm" fw={600}>
            {title}
          </Text>
          <ActionIcon variant="subtle" color="gray" aria-label={t("workflow.dialog.removeKind", { kind: title })} onClick={onRemove}>
            <IconX size={16} />
          </ActionIcon>
        </Group>
        {children}
        {messages.map((message) => (
          <Text key={message} size="xs" c="red" role="alert">
            {message}
          </Text>
        ))}
      </Stack>
    </Paper>
  );
}

"use client";
import { Group, Text } from "@mantine/core";
import { IconMessageCheck, IconMessageOff, IconHelpCircle } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { cameIn } from "@/lib/schemas/channels";
import type { MessageItem } from "./conversation-item";

/**
 * The thread's own line under a text that changed its number's consent: a STOP,
 * a START, a HELP, or a send the carrier refused as unsubscribed. It says what
 * happened and what it means for the next text, where the team reads the thread.
 */
export function ConsentLine({ message }: { message: MessageItem }) {
  const t = useTranslations();
  const phone = message.type.source ?? "";
  const keyword = message.type.content?.trim().toUpperCase() ?? "";
  let line: { icon: typeof IconMessageOff; text: string; color: string } | null = null;
  if (message.consent === "opted_out") {
    line = {
      icon: IconMessageOff,
      color: "orange.8",
      text: cameIn(message.type.direction) ? t("consent.line.optedOutKeyword", { phone, keyword }) : t("consent.line.optedOutCarrier", { phone }),
    };
  } else if (message.consent === "opted_in") {
    line = { icon: IconMessageCheck, color: "dimmed", text: t("consent.line.optedIn", { phone, keyword }) };
  } else if (message.consent === "help") {
    line = { icon: IconHelpCircle, color: "dimmed", text: t("consent.line.help", { phone }) };
  }
  if (!line) return null;
  const Icon = line.icon;
  return (
    <Group justify="center" gap={6} wrap="nowrap" c={line.color} data-testid="consent-line" role="note" px="md">
      <Icon size={15} aria-hidden style={{ flexShrink: 0 }} />
      <Text size="xs" ta="center" style={{ overflowWrap: "anywhere" }}>
        {line.text}
      </Text>
    </Group>
  );
}

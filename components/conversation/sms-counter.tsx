"use client";
import { Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { smsSegments } from "@/lib/schemas/sms-segments";

/** What a text will cost as it is written: its characters, the parts the network bills, and the alphabet. */
export function SmsCounter({ text }: { text: string }) {
  const t = useTranslations();
  const { characters, segments, encoding } = smsSegments(text);
  return (
    <Text component="span" size="xs" c="dimmed" data-testid="sms-counter">
      {t("conversation.sms.counter", { characters, segments, encoding })}
    </Text>
  );
}

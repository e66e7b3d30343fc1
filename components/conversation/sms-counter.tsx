"use client";
import { Text } from "@mantine/core";
import { smsSegments } from "./sms-segments";

/** What a text will cost as it is written: its characters, the parts the network bills, and the alphabet. */
export function SmsCounter({ text }: { text: string }) {
  const { characters, segments, encoding } = smsSegments(text);
  return (
    <Text component="span" size="xs" c="dimmed" data-testid="sms-counter">
      {characters} {characters === 1 ? "character" : "characters"} · {segments} {segments === 1 ? "segment" : "segments"} · {encoding}
    </Text>
  );
}

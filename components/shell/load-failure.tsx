"use client";
import { Stack, Text, type MantineColor, type MantineSize } from "@mantine/core";
import { failureText } from "@/lib/client/toast";

type Props = {
  /** The part's own line ("Failed to load the board."). */
  text: string;
  /** Why it could not be read: the server's reason, or the error catalogue's words for the network. */
  error: unknown;
  size?: MantineSize;
  color?: MantineColor;
  center?: boolean;
};

/** A part of a screen that could not be read: its line, and beneath it why, in the page's language. */
export function LoadFailure({ text, error, size, color = "dimmed", center = false }: Props) {
  const reason = error ? failureText(error) : "";
  return (
    <Stack gap={4} align={center ? "center" : "flex-start"} role="status">
      <Text c={color} size={size} ta={center ? "center" : undefined}>
        {text}
      </Text>
      {reason && reason !== text && (
        <Text size="sm" c="dimmed" ta={center ? "center" : undefined}>
          {reason}
        </Text>
      )}
    </Stack>
  );
}

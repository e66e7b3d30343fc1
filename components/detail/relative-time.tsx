import { Text, Tooltip } from "@mantine/core";
import { absoluteTime, relativeTime } from "@/lib/client/relative-time";

/** Relative time, with the exact date on hover (tooltip and title for assistive tech). */
export function RelativeTime({ date, size = "sm" }: { date: string | Date; size?: string }) {
  const value = new Date(date);
  const exact = absoluteTime(value);
  return (
    <Tooltip label={exact} openDelay={300}>
      <Text component="time" dateTime={value.toISOString()} title={exact} size={size} c="dimmed">
        {relativeTime(value)}
      </Text>
    </Tooltip>
  );
}

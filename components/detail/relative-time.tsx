import { Text, Tooltip } from "@mantine/core";
import { useMounted } from "@mantine/hooks";
import { absoluteTime, relativeTime } from "@/lib/client/relative-time";

/** Relative time, with the exact date on hover (tooltip and title for assistive tech). */
export function RelativeTime({ date, size = "sm" }: { date: string | Date; size?: string }) {
  const value = new Date(date);
  // The exact date is in the reader's time zone, which a page rendered on the server does not know.
  const exact = useMounted() ? absoluteTime(value) : value.toISOString();
  return (
    <Tooltip label={exact} openDelay={300}>
      {/* "3 minutes ago" may have moved on between the server's render and the browser's. */}
      <Text component="time" dateTime={value.toISOString()} title={exact} size={size} c="dimmed" suppressHydrationWarning>
        {relativeTime(value)}
      </Text>
    </Tooltip>
  );
}

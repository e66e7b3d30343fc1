"use client";
import { Badge } from "@mantine/core";

/** The number of unread messages as a badge; nothing when all are read. */
export function UnreadBadge({ unread }: { unread: number }) {
  if (unread <= 0) return null;
  return (
    <Badge color="red" variant="filled" size="sm" circle={unread < 10} aria-label={`${unread} unread`} data-testid="unread-badge">
      {unread > 99 ? "99+" : unread}
    </Badge>
  );
}

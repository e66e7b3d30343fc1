"use client";
import { useEffect, useRef } from "react";
import { invalidate } from "./invalidate";
import { useApi } from "./use-api";

/** Spec §2/§7: the sidebar asks for up to 10 active conversations, most unread first. */
const QUERY = { status: ["active"], sort: "unread:desc", limit: 10 };
const REFRESH_MS = 15_000;

/** After a conversation changed (read, closed, a message): its screens, every list and the badge load again. */
export const conversationsChanged = () => invalidate("/conversation", "/message", "/history");

/**
 * How many of those have unread messages: the Conversations link's badge. It
 * refreshes on its own, on focus, and whenever a conversation changes (every
 * write invalidates the /conversation keys). When what it sees changes, a
 * message has come in: the lists and the open thread on screen load again too.
 */
export function useUnreadConversations() {
  const { data } = useApi<{ items: { id: string; unread: number }[] }>("/conversation", QUERY, {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
  });
  const seen = data?.items.map((item) => `${item.id}:${item.unread}`).join(",");
  const last = useRef<string | undefined>(undefined);
  useEffect(() => {
    if (seen === undefined) return;
    if (last.current !== undefined && last.current !== seen) void conversationsChanged();
    last.current = seen;
  }, [seen]);
  return data?.items.filter((item) => item.unread > 0).length ?? 0;
}

"use client";
import { invalidate } from "./invalidate";
import { useApi } from "./use-api";

/** Spec §2/§7: the sidebar asks for up to 10 active conversations, most unread first. */
const QUERY = { status: ["active"], sort: "unread:desc", limit: 10 };
const REFRESH_MS = 15_000;

/**
 * How many of those have unread messages: the Conversations link's badge. It
 * refreshes on its own, on focus, and whenever a conversation changes (every
 * write invalidates the /conversation keys).
 */
export function useUnreadConversations() {
  const { data } = useApi<{ items: { unread: number }[] }>("/conversation", QUERY, {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
  });
  return data?.items.filter((item) => item.unread > 0).length ?? 0;
}

/** After a conversation changed (read, closed, a message): its screens, every list and the badge load again. */
export const conversationsChanged = () => invalidate("/conversation", "/message", "/history");

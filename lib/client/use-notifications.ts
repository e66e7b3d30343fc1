"use client";
import { api } from "./api";
import { invalidate } from "./invalidate";
import { errorToast } from "./toast";
import { useApi } from "./use-api";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { listNotifications } from "@/lib/services/notification";

/** One notification as GET /notification answers it. */
export type NotificationItem = Jsonify<Awaited<ReturnType<typeof listNotifications>>["items"][number]>;

const PATH = "/notification";
// New inbound messages notify: the bell follows within seconds, and at once when the window regains focus.
const REFRESH_MS = 15_000;

/** The member's notifications, shared by every bell on screen, with the read and remove actions. */
export function useNotifications() {
  const { data, error, isLoading, mutate } = useApi<{ items: NotificationItem[] }>(PATH, undefined, {
    refreshInterval: REFRESH_MS,
    revalidateOnFocus: true,
  });
  const items = data?.items ?? [];

  async function change(body: { read: string[] } | { remove: string[] }) {
    try {
      await api.patch(PATH, body);
    } catch (caught) {
      errorToast(caught);
    }
    await invalidate(PATH);
  }

  return {
    items,
    error,
    isLoading,
    unread: items.filter((item) => !item.read).length,
    /** Asks again now, e.g. when the popover opens. */
    refresh: () => void mutate(),
    markRead: (id: string) => change({ read: [id] }),
    remove: (id: string) => change({ remove: [id] }),
  };
}

/** The badge text: the count, or 10+ above nine. */
export const unreadLabel = (unread: number) => (unread > 9 ? "10+" : String(unread));

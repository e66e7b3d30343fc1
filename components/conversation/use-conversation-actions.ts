"use client";
import { useEffect, useRef } from "react";
import { mutate } from "swr";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { conversationsChanged } from "@/lib/client/use-unread-conversations";
import { useSubmit } from "@/lib/client/use-submit";
import type { ConversationUpdate } from "@/lib/schemas/conversation";
import type { ConversationItem } from "./conversation-item";

/** After marking read or unread: lists, the open conversation and the sidebar badge. */
export const markRead = () => conversationsChanged();

const patch = (id: string, body: ConversationUpdate) => api.patch<{ reference: string }>(`/conversation/${id}`, body);

/** The action menu's transitions (spec §4), each with its toast (spec §8). */
export function useConversationActions(conversation: ConversationItem) {
  const { busy, submit } = useSubmit();
  // The open conversation takes the change as soon as the server has it, so the menu and its
  // keys offer the next step at once; lists, badge and history load again meanwhile.
  const change = (body: Pick<ConversationUpdate, "unread" | "status">, done: string) =>
    submit(async () => {
      await patch(conversation.id, body);
      await mutate<ConversationItem>(`/conversation/${conversation.id}`, (current) => current && { ...current, ...body }, { revalidate: false });
      toast("success", translate(done));
      void conversationsChanged();
    });
  return {
    busy,
    markAsRead: () => change({ unread: 0 }, "conversation.toast.read"),
    // For the caller only: colleagues keep their own state.
    markAsUnread: () => change({ unread: 1 }, "conversation.toast.unread"),
    close: () => change({ status: "closed" }, "conversation.toast.closed"),
    reopen: () => change({ status: "active" }, "conversation.toast.reopened"),
  };
}

/**
 * Opening a conversation with unread messages reads them, once per visit; messages
 * that arrive later, or Mark as unread while it is open, wait for Mark as read.
 */
export function useReadOnOpen(conversation: ConversationItem) {
  const done = useRef<string | null>(null);
  useEffect(() => {
    if (done.current === conversation.id) return;
    done.current = conversation.id;
    if (conversation.unread === 0) return;
    patch(conversation.id, { unread: 0 })
      .then(() => conversationsChanged())
      // Reading is a side effect of looking: a failure leaves the count as it was, with nothing to tell.
      .catch((error: unknown) => console.error(error));
  }, [conversation.id, conversation.unread]);
}

"use client";
import type { ListPage } from "@/components/browse/browse-config";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { conversationBrowse } from "@/components/conversation/conversation-browse";
import type { ConversationItem } from "@/components/conversation/conversation-item";

/** The conversation list; `initial` is its first page when the server read it. */
export function ConversationListScreen({ initial }: { initial?: ListPage<ConversationItem> }) {
  return <BrowseScreen config={conversationBrowse} initial={initial} />;
}

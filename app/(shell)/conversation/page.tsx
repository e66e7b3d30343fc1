"use client";
import { BrowseScreen } from "@/components/browse/browse-screen";
import { conversationBrowse } from "@/components/conversation/conversation-browse";

export default function ConversationListPage() {
  return <BrowseScreen config={conversationBrowse} />;
}

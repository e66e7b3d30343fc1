"use client";
import { HistoryTab } from "@/components/detail/history-tab";
import { conversationHistoryFields } from "@/components/conversation/conversation-form";

export default function ConversationHistoryPage() {
  return <HistoryTab type="conversation" fields={conversationHistoryFields} />;
}

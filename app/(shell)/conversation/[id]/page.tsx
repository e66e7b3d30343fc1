"use client";
import { MessageThread } from "@/components/conversation/message-thread";

export default function ConversationMessagesPage() {
  return <MessageThread />;
}

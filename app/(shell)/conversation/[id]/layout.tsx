"use client";
import type { ReactNode } from "react";
import { DetailLayout } from "@/components/detail/detail-layout";
import { conversationDetail } from "@/components/conversation/conversation-detail";

export default function ConversationLayout({ children }: { children: ReactNode }) {
  return <DetailLayout config={conversationDetail}>{children}</DetailLayout>;
}

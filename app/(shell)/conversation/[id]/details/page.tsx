"use client";
import { DetailsTab } from "@/components/form/details-tab";
import { conversationForm } from "@/components/conversation/conversation-form";

export default function ConversationDetailsPage() {
  return <DetailsTab config={conversationForm} />;
}

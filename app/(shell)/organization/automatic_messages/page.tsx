"use client";
import { AutomaticMessagesTab } from "@/components/automatic-messages/automatic-messages-tab";

export default function OrganizationAutomaticMessagesPage() {
  return <AutomaticMessagesTab />;
}

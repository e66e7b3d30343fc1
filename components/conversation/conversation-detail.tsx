import type { DetailConfig } from "@/components/detail/detail-config";
import { ConversationMenu } from "./conversation-menu";
import type { ConversationItem } from "./conversation-item";
import { CONVERSATION, detailHeading } from "@/components/entities";

export const conversationDetail: DetailConfig<ConversationItem> = {
  ...detailHeading(CONVERSATION),
  section: "conversation.entity.other",
  // Spec §2: the header shows the reference and the title.
  title: (item) => `${item.reference} · ${item.title}`,
  status: (item) => item.status,
  aside: (item) => <ConversationMenu conversation={item} />,
  stickyHeader: true,
  tabs: [
    { label: "conversation.tab.messages", path: "" },
    { label: "conversation.tab.details", path: "details" },
    { label: "conversation.tab.history", path: "history" },
  ],
};

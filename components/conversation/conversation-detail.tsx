import type { DetailConfig } from "@/components/detail/detail-config";
import { ConversationMenu } from "./conversation-menu";
import type { ConversationItem } from "./conversation-item";
import { CONVERSATION, detailHeading } from "@/components/entities";

export const conversationDetail: DetailConfig<ConversationItem> = {
  ...detailHeading(CONVERSATION),
  // Spec §2: the header shows the reference and the title.
  title: (item) => `${item.reference} · ${item.title}`,
  status: (item) => item.status,
  aside: (item) => <ConversationMenu conversation={item} />,
  stickyHeader: true,
  tabs: [
    { label: "Messages", path: "" },
    { label: "Details", path: "details" },
    { label: "History", path: "history" },
  ],
};

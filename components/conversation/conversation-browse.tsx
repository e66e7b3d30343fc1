import { IconChecks, IconPointFilled } from "@tabler/icons-react";
import { sharingFilter, statusFilter, yesNoFilter } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { customerFilter } from "@/components/project/project-filters";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { CONVERSATION_LIST, CONVERSATION_STATUSES } from "@/lib/schemas/lists";
import { ConversationCustomerCell, UnreadBadge } from "./conversation-cells";
import type { ConversationItem } from "./conversation-item";
import { markRead } from "./use-conversation-actions";
import { CONVERSATION, browseHeading } from "@/components/entities";

const STATUS_LABELS = { active: "Active", closed: "Closed", removed: "Removed" } as const;

export const conversationBrowse: BrowseConfig<ConversationItem> = {
  ...browseHeading(CONVERSATION),
  // Conversations start from a customer or an inbound message (spec §2: no New button).
  list: CONVERSATION_LIST,
  filters: [statusFilter(CONVERSATION_STATUSES), yesNoFilter("unread", "Unread", "Unread only", "Read only"), customerFilter, sharingFilter],
  sorts: [
    { value: "last_message", label: "Last message" },
    { value: "created", label: "Created" },
    { value: "updated", label: "Updated" },
    { value: "name", label: "Title" },
    { value: "unread", label: "Unread" },
  ],
  name: (item) => item.reference,
  nameHeader: "Reference",
  status: (item) => item.status,
  location: (item) => item.location,
  columns: [
    { header: "Title", cell: (item) => item.title },
    { header: "Customer", cell: (item) => <ConversationCustomerCell conversation={item} />, visibleFrom: "sm" },
    { header: "Last message", cell: (item) => (item.last_message ? <RelativeTime date={item.last_message} /> : null), visibleFrom: "md" },
    { header: "Status", cell: (item) => STATUS_LABELS[item.status], visibleFrom: "sm" },
    { header: "Unread", cell: (item) => <UnreadBadge unread={item.unread} /> },
  ],
  csv: [
    { header: "Reference", value: (item) => item.reference },
    { header: "Title", value: (item) => item.title },
    { header: "Customer", value: (item) => item.customer },
    { header: "Status", value: (item) => item.status },
    { header: "Unread", value: (item) => item.unread },
    { header: "Last message", value: (item) => item.last_message },
    { header: "Created", value: (item) => item.created },
  ],
  exportLimit: 10000,
  bulk: [
    {
      label: "Mark as read",
      icon: <IconChecks size={14} />,
      async run(ids) {
        await Promise.all(ids.map((id) => api.patch(`/conversation/${id}`, { unread: 0 })));
        await markRead();
        toast("success", "Conversations marked as read");
      },
    },
    {
      label: "Mark as unread",
      icon: <IconPointFilled size={14} />,
      async run(ids) {
        await Promise.all(ids.map((id) => api.patch(`/conversation/${id}`, { unread: 1 })));
        await markRead();
        toast("success", "Conversations marked as unread");
      },
    },
  ],
};

import { IconChecks, IconPointFilled } from "@tabler/icons-react";
import { sharingFilter, yesNoFilter } from "@/components/browse/common-filters";
import type { BrowseConfig } from "@/components/browse/browse-config";
import { RelativeTime } from "@/components/detail/relative-time";
import { customerFilter } from "@/components/project/project-filters";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { CONVERSATION_LIST, CONVERSATION_STATUSES } from "@/lib/schemas/lists";
import { CONVERSATION_STATUS_KEYS, ConversationCustomerCell, ConversationStatusCell, UnreadBadge } from "./conversation-cells";
import type { ConversationItem } from "./conversation-item";
import { markRead } from "./use-conversation-actions";
import { CONVERSATION, browseHeading } from "@/components/entities";

export const CONVERSATION_STATUS_OPTIONS = CONVERSATION_STATUSES.map((value) => ({ value, label: CONVERSATION_STATUS_KEYS[value] }));

export const conversationBrowse: BrowseConfig<ConversationItem> = {
  ...browseHeading(CONVERSATION),
  title: "conversation.entity.other",
  section: "conversation.entity.other",
  plural: "conversation.entity.other",
  empty: "conversation.entity.empty",
  // Conversations start from a customer or an inbound message (spec §2: no New button).
  list: CONVERSATION_LIST,
  filters: [
    { key: "status", label: "conversation.filter.status", kind: "multi", options: CONVERSATION_STATUS_OPTIONS },
    yesNoFilter("unread", "conversation.filter.unread", "conversation.filter.unreadOnly", "conversation.filter.readOnly"),
    { ...customerFilter, label: "conversation.column.customer" },
    sharingFilter,
  ],
  sorts: [
    { value: "last_message", label: "conversation.sort.lastMessage" },
    { value: "created", label: "conversation.sort.created" },
    { value: "updated", label: "conversation.sort.updated" },
    { value: "name", label: "conversation.sort.title" },
    { value: "unread", label: "conversation.sort.unread" },
  ],
  name: (item) => item.reference,
  nameHeader: "conversation.column.reference",
  status: (item) => item.status,
  location: (item) => item.location,
  columns: [
    { header: "conversation.column.title", cell: (item) => item.title },
    { header: "conversation.column.customer", cell: (item) => <ConversationCustomerCell conversation={item} />, visibleFrom: "sm" },
    { header: "conversation.column.lastMessage", cell: (item) => (item.last_message ? <RelativeTime date={item.last_message} /> : null), visibleFrom: "md" },
    { header: "conversation.column.status", cell: (item) => <ConversationStatusCell status={item.status} />, visibleFrom: "sm" },
    { header: "conversation.column.unread", cell: (item) => <UnreadBadge unread={item.unread} /> },
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
      label: "conversation.action.markRead",
      icon: <IconChecks size={14} />,
      async run(ids) {
        await Promise.all(ids.map((id) => api.patch(`/conversation/${id}`, { unread: 0 })));
        await markRead();
        toast("success", translate("conversation.toast.manyRead"));
      },
    },
    {
      label: "conversation.action.markUnread",
      icon: <IconPointFilled size={14} />,
      async run(ids) {
        await Promise.all(ids.map((id) => api.patch(`/conversation/${id}`, { unread: 1 })));
        await markRead();
        toast("success", translate("conversation.toast.manyUnread"));
      },
    },
  ],
};

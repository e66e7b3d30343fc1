import { customerBrowse } from "@/components/customer/customer-browse";
import { optionsOf } from "@/components/browse/common-filters";
import type { FormConfig } from "@/components/form/form-config";
import { PickerField } from "@/components/pickers/picker-field";
import { historyFieldsOf } from "@/components/form/history-fields";
import { holds } from "@/lib/client/use-session";
import type { conversationUpdateSchema } from "@/lib/schemas/conversation";
import { CONVERSATION_STATUSES } from "@/lib/schemas/lists";
import type { ConversationItem } from "./conversation-item";
import { CONVERSATION, CUSTOMER, formHeading } from "@/components/entities";

/** Details (spec §5: title required); removed is set only here, which offers all three statuses (spec §4). */
export const conversationForm: FormConfig<ConversationItem, never, typeof conversationUpdateSchema> = {
  ...formHeading(CONVERSATION),
  name: (item) => item.reference,
  update: {
    editable: (_item, session) => holds(session, "customers_manage"),
    reload: true,
    fields: [
      { key: "title", label: "Title", kind: "text", required: true },
      {
        key: "customer",
        label: CUSTOMER.label,
        reference: CUSTOMER.type,
        kind: "custom",
        render: (props) => <PickerField {...props} label={CUSTOMER.label} config={customerBrowse} />,
      },
      { key: "status", label: "Status", kind: "select", required: true, options: optionsOf(CONVERSATION_STATUSES) },
      { key: "sharing", label: "Sharing", kind: "sharing", full: "full" },
    ],
    schema: () => import("@/lib/schemas/conversation").then((schemas) => schemas.conversationUpdateSchema),
    values: (item) => ({ title: item.title, customer: item.customer, status: item.status, sharing: item.sharing }),
  },
};

export const conversationHistoryFields = historyFieldsOf(conversationForm.update.fields);

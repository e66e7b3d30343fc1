import type { HistoryField } from "@/components/detail/history-value";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import type { FormConfig } from "@/components/form/form-config";
import { FormField } from "@/components/form/form-field";
import { historyFieldsOf } from "@/components/form/history-fields";
import { holds } from "@/lib/client/use-session";
import type { conversationUpdateSchema } from "@/lib/schemas/conversation";
import type { ConversationItem } from "./conversation-item";
import { CONVERSATION_STATUS_OPTIONS } from "./conversation-browse";
import { CustomerPickerField, SharingFollowsCustomer } from "./sharing-follows-customer";
import { CONVERSATION, CUSTOMER, LOCATION, formHeading } from "@/components/entities";

const STATUS_OPTIONS = CONVERSATION_STATUS_OPTIONS;
/** The server restores a removed conversation to active only (lib/services/conversation.ts): closing it as it is is refused. */
const statusesFrom = (saved: unknown) => (saved === "removed" ? STATUS_OPTIONS.filter((option) => option.value !== "closed") : STATUS_OPTIONS);

/**
 * Details (spec §5: title required); removed is set only here (spec §4), and a
 * removed conversation is offered only what it may become. With a customer, the
 * conversation is shared as its customer is, so its own sharing is not edited.
 */
export const conversationForm: FormConfig<ConversationItem, never, typeof conversationUpdateSchema> = {
  ...formHeading(CONVERSATION),
  label: "conversation.entity.one",
  section: "conversation.entity.other",
  name: (item) => item.reference,
  update: {
    editable: (_item, session) => holds(session, "customers_manage"),
    reload: true,
    fields: [
      { key: "title", label: "conversation.field.title", kind: "text", required: true },
      {
        key: "customer",
        label: "conversation.field.customer",
        reference: CUSTOMER.type,
        kind: "custom",
        render: (props) => <CustomerPickerField {...props} />,
      },
      { key: "status", label: "conversation.field.status", kind: "select", required: true, options: STATUS_OPTIONS, optionsFor: statusesFrom },
      {
        key: "sharing",
        label: "conversation.field.sharing",
        kind: "custom",
        render: (props) =>
          props.form?.values.customer ? (
            <SharingFollowsCustomer />
          ) : (
            <FormField {...props} field={{ key: "sharing", label: "conversation.field.sharing", kind: "sharing", full: "full" }} />
          ),
      },
    ],
    schema: () => import("@/lib/schemas/conversation").then((schemas) => schemas.conversationUpdateSchema),
    values: (item) => ({ title: item.title, customer: item.customer, status: item.status, sharing: item.sharing }),
    // A customer's conversation takes the customer's sharing; the server refuses one of its own.
    payload: (changes, values) => {
      if (!values.customer || !("sharing" in changes)) return changes;
      const { sharing: _sharing, ...rest } = changes;
      return rest;
    },
  },
};

export const conversationHistoryFields: Record<string, HistoryField> = {
  ...historyFieldsOf(conversationForm.update.fields),
  // Not a form field: a conversation moves with the customer it is linked to.
  location: { label: "conversation.field.location", format: (value) => <ReferenceBadge type={LOCATION.type} id={String(value)} /> },
};

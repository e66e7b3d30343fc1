import { Input, Text } from "@mantine/core";
import { customerBrowse } from "@/components/customer/customer-browse";
import type { HistoryField } from "@/components/detail/history-value";
import { ReferenceBadge } from "@/components/detail/reference-badge";
import { optionsOf } from "@/components/browse/common-filters";
import type { FormConfig } from "@/components/form/form-config";
import { FormField } from "@/components/form/form-field";
import { PickerField } from "@/components/pickers/picker-field";
import { historyFieldsOf } from "@/components/form/history-fields";
import { holds } from "@/lib/client/use-session";
import type { conversationUpdateSchema } from "@/lib/schemas/conversation";
import { CONVERSATION_STATUSES } from "@/lib/schemas/lists";
import type { ConversationItem } from "./conversation-item";
import { CONVERSATION, CUSTOMER, LOCATION, formHeading } from "@/components/entities";

const STATUS_OPTIONS = optionsOf(CONVERSATION_STATUSES);
/** The server restores a removed conversation to active only (lib/services/conversation.ts): closing it as it is is refused. */
const statusesFrom = (saved: unknown) => (saved === "removed" ? STATUS_OPTIONS.filter((option) => option.value !== "closed") : STATUS_OPTIONS);

/**
 * Details (spec §5: title required); removed is set only here (spec §4), and a
 * removed conversation is offered only what it may become. With a customer, the
 * conversation is shared as its customer is, so its own sharing is not edited.
 */
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
      { key: "status", label: "Status", kind: "select", required: true, options: STATUS_OPTIONS, optionsFor: statusesFrom },
      {
        key: "sharing",
        label: "Sharing",
        kind: "custom",
        render: (props) =>
          props.form?.values.customer ? (
            <Input.Wrapper label="Sharing">
              <Text size="sm" c="dimmed" data-testid="sharing-follows-customer">
                Shared as its customer is: whoever sees and edits the customer sees and edits this conversation. Change the customer&apos;s
                sharing to change who sees it.
              </Text>
            </Input.Wrapper>
          ) : (
            <FormField {...props} field={{ key: "sharing", label: "Sharing", kind: "sharing", full: "full" }} />
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
  location: { label: LOCATION.label, format: (value) => <ReferenceBadge type={LOCATION.type} id={String(value)} /> },
};

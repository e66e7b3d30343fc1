"use client";
import { Alert, Button, Group, Text } from "@mantine/core";
import { useDisclosure } from "@mantine/hooks";
import { IconUserPlus, IconUserQuestion } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { customerBrowse } from "@/components/customer/customer-browse";
import type { CustomerItem } from "@/components/customer/customer-item";
import { PickerDialog } from "@/components/pickers/picker-dialog";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { errorToast, toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { holds, useSession } from "@/lib/client/use-session";
import type { ConversationSource } from "@/lib/schemas/channels";
import type { ConversationItem } from "./conversation-item";

/** How a sender is named: "Stan Stranger <stan@example.test>", or the bare address or number. */
export const senderLabel = (source: ConversationSource) => (source.name ? `${source.name} <${source.value}>` : source.value);

/** The customer form filled with what the sender told, linking this conversation once saved. */
function newCustomerPath(conversation: ConversationItem, sender: ConversationSource) {
  const address = new URLSearchParams({ name: sender.name || sender.value, conversation: conversation.id });
  address.set(sender.type === "email" ? "email" : "phone", sender.value);
  return `/customer/new?${address}`;
}

/**
 * A conversation nobody has linked to a customer yet (a stranger wrote in): says
 * who wrote, and offers to make them a customer or to link a customer there is.
 */
export function UnlinkedSender({ conversation }: { conversation: ConversationItem }) {
  const t = useTranslations();
  const { data: session } = useSession();
  const [picking, { open, close }] = useDisclosure(false);
  const [linking, setLinking] = useState(false);
  const sender = conversation.sources[0];
  if (conversation.customer || !sender || conversation.status === "removed") return null;
  const mayLink = session ? holds(session, "customers_manage") : false;

  async function link(customer: string) {
    close();
    setLinking(true);
    try {
      await api.patch(`/conversation/${conversation.id}`, { customer });
      toast("success", translate("conversation.unlinked.linked", { reference: conversation.reference }));
      void invalidate(`/conversation/${conversation.id}`, "/conversation", "/message");
    } catch (error) {
      errorToast(error);
    } finally {
      setLinking(false);
    }
  }

  return (
    <Alert color="gray" variant="light" icon={<IconUserQuestion size={18} />} title={t("conversation.unlinked.title")} data-testid="unlinked-sender">
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        {t("conversation.unlinked.text", { sender: senderLabel(sender) })}
      </Text>
      {mayLink ? (
        <Group gap="xs" mt="xs">
          <Button component={Link} href={newCustomerPath(conversation, sender)} size="xs" leftSection={<IconUserPlus size={14} />}>
            {t("conversation.unlinked.create")}
          </Button>
          <Button size="xs" variant="default" onClick={open} loading={linking}>
            {t("conversation.unlinked.link")}
          </Button>
        </Group>
      ) : (
        <Text size="xs" c="dimmed" mt={4}>
          {t("conversation.unlinked.noPrivilege")}
        </Text>
      )}
      <PickerDialog<CustomerItem> config={customerBrowse} title={t("conversation.unlinked.link")} opened={picking} onClose={close} onPick={(ids) => ids[0] && void link(ids[0])} />
    </Alert>
  );
}

"use client";
import { ActionIcon, Anchor, Badge, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { IconPencil, IconPlus } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { PhoneLink } from "@/components/detail/phone-text";
import { lazyDialog } from "@/components/dialog/lazy-dialog";
import { useApi } from "@/lib/client/use-api";
import type { CustomerItem } from "./customer-item";
import { RecordCard } from "./record-card";
import { StopTextsButton } from "./stop-texts-button";
import type { CustomerConsentItem } from "./sms-consent-warning";
import { PARTS_QUERY, type ContactItem } from "./site-item";

// Fetched when first opened: it brings the contact schema and the phone number library.
const ContactDialog = lazyDialog(
  () => import("./contact-dialog").then((module) => module.ContactDialog),
  (props) => props.opened,
);

const CHANNEL_KEYS = {
  email: "customer.contacts.prefers.email",
  sms: "customer.contacts.prefers.sms",
  phone: "customer.contacts.prefers.phone",
} as const;

type Texts = { off: Set<string>; /** Set when the member may record that a number is not to be texted. */ customerId?: string };

/** How to reach someone: their email and phone as links; a number that opted out of texts says so beside it, another can be stopped. */
function Reach({ email, phone, texts }: { email: string | null; phone: string | null; texts: Texts }) {
  const t = useTranslations();
  return (
    <>
      {email && (
        <Anchor href={`mailto:${email}`} size="sm" style={{ overflowWrap: "anywhere" }}>
          {email}
        </Anchor>
      )}
      {phone && (
        <Group gap={6}>
          <PhoneLink phone={phone} size="sm" />
          {texts.off.has(phone) ? (
            <Badge size="sm" variant="light" color="orange" tt="none">
              {t("customer.contacts.textsOff")}
            </Badge>
          ) : (
            texts.customerId && <StopTextsButton customerId={texts.customerId} phone={phone} />
          )}
        </Group>
      )}
    </>
  );
}

function ContactEntry({ contact, texts, onEdit }: { contact: ContactItem; texts: Texts; onEdit?: () => void }) {
  const t = useTranslations();
  const removed = contact.status === "removed";
  return (
    <li data-testid="customer-contact" style={{ opacity: removed ? 0.6 : undefined }}>
      <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
        <Stack gap={2} style={{ minWidth: 0 }}>
          <Group gap={6}>
            <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
              {contact.name}
              {removed && ` ${t("customer.sites.removed")}`}
            </Text>
            {contact.role && (
              <Text size="sm" c="dimmed">
                {contact.role}
              </Text>
            )}
          </Group>
          <Reach email={contact.email} phone={contact.phone} texts={texts} />
          {(contact.preferred_channel || contact.receives_quotes || contact.receives_invoices) && (
            <Group gap={4} mt={2}>
              {contact.preferred_channel && (
                <Badge size="sm" variant="light" tt="none">
                  {t(CHANNEL_KEYS[contact.preferred_channel])}
                </Badge>
              )}
              {contact.receives_quotes && (
                <Badge size="sm" variant="light" color="grape" tt="none">
                  {t("customer.contacts.quotes")}
                </Badge>
              )}
              {contact.receives_invoices && (
                <Badge size="sm" variant="light" color="teal" tt="none">
                  {t("customer.contacts.invoices")}
                </Badge>
              )}
            </Group>
          )}
        </Stack>
        {onEdit && (
          <Tooltip label={t("common.edit")}>
            <ActionIcon variant="subtle" onClick={onEdit} aria-label={t("customer.contacts.editLabel", { name: contact.name })}>
              <IconPencil size={18} />
            </ActionIcon>
          </Tooltip>
        )}
      </Group>
    </li>
  );
}

/**
 * Whom to reach at the customer: its own email and phone (the primary contact,
 * changed in the details) and its other contacts, added and edited here.
 */
export function CustomerContactsCard({ customer, editable }: { customer: CustomerItem; editable: boolean }) {
  const t = useTranslations();
  const [dialog, setDialog] = useState<{ contact: ContactItem | null; opened: boolean }>({ contact: null, opened: false });
  const open = (contact: ContactItem | null) => setDialog({ contact, opened: true });
  const { data, error, isLoading, mutate } = useApi<{ items: ContactItem[] }>(`/customer/${customer.id}/contact`, PARTS_QUERY, { shouldRetryOnError: false });
  const contacts = data ? [...data.items].sort((a, b) => Number(a.status === "removed") - Number(b.status === "removed")) : [];
  const primary = customer.email || customer.phone;
  // The same answer the phone's note in the details reads.
  const { data: consent } = useApi<CustomerConsentItem>(`/customer/${customer.id}/consent`);
  const texts: Texts = {
    off: new Set(consent?.phones.filter((entry) => entry.opted_out).map((entry) => entry.phone)),
    // Only once the consent is known: a number already off shows the badge, never the button.
    customerId: editable && consent ? customer.id : undefined,
  };
  return (
    <>
      <RecordCard
        title={t("customer.contacts.title")}
        loadingLabel={t("customer.contacts.loading")}
        loading={isLoading}
        error={error}
        onRetry={() => void mutate()}
        empty={data && data.items.length === 0 && !primary ? t("customer.contacts.empty") : null}
        actions={
          editable && (
            <Button size="compact-sm" variant="light" leftSection={<IconPlus size={14} />} onClick={() => open(null)}>
              {t("customer.contacts.add")}
            </Button>
          )
        }
      >
        <Stack gap="sm" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }} aria-label={t("customer.contacts.list")}>
          {primary && (
            <li data-testid="customer-primary-contact">
              <Stack gap={2}>
                <Group gap={6}>
                  <Text size="sm" fw={600} style={{ overflowWrap: "anywhere" }}>
                    {customer.name}
                  </Text>
                  <Badge size="sm" variant="outline" color="gray" tt="none">
                    {t("customer.contacts.primary")}
                  </Badge>
                  {!customer.automated_emails && (
                    <Badge size="sm" variant="light" color="orange" tt="none">
                      {t("customer.contacts.automatedEmailsOff")}
                    </Badge>
                  )}
                </Group>
                <Reach email={customer.email} phone={customer.phone} texts={texts} />
              </Stack>
            </li>
          )}
          {contacts.map((contact) => (
            <ContactEntry key={contact.id} contact={contact} texts={texts} onEdit={editable ? () => open(contact) : undefined} />
          ))}
        </Stack>
      </RecordCard>
      <ContactDialog customerId={customer.id} contact={dialog.contact} opened={dialog.opened} onClose={() => setDialog((shown) => ({ ...shown, opened: false }))} />
    </>
  );
}

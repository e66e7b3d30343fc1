"use client";
import { Anchor, Button, Group, Stack, Text, ThemeIcon, Timeline } from "@mantine/core";
import { IconFolders, IconMapPin, IconUser, IconUserEdit } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { CHANNEL_LABELS, MESSAGE_LOOKS } from "@/components/conversation/channel-looks";
import { RUN_NOTES } from "@/components/detail/history-entry";
import { RelativeTime } from "@/components/detail/relative-time";
import { cameIn } from "@/lib/schemas/channels";
import type { ActivityItem } from "./customer-activity-data";
import { RecordCard } from "./record-card";

const FIRST = 20;

type MessageEntry = Extract<ActivityItem, { kind: "message" }>;
type HistoryEntry = Extract<ActivityItem, { kind: "history" }>;

type Translate = ReturnType<typeof useTranslations>;

/** The customer's and projects' fields a change names; others as stored, capitalised. */
const FIELD_KEYS: Record<string, string> = {
  type: "customer.field.type",
  name: "customer.field.name",
  phone: "customer.field.phone",
  email: "customer.field.email",
  line1: "customer.field.line1",
  line2: "customer.field.line2",
  zip: "customer.field.zip",
  city: "customer.field.city",
  state: "customer.field.state",
  country: "customer.field.country",
  status: "customer.field.status",
  sharing: "customer.field.sharing",
  location: "customer.field.location",
  title: "customer.activity.field.title",
  owner: "customer.activity.field.owner",
  customer: "customer.activity.field.customer",
  label: "customer.site.field.label",
  access_notes: "customer.site.field.accessNotes",
  contact: "customer.site.field.contact",
  time_zone: "customer.site.field.timeZone",
  role: "customer.contact.field.role",
  preferred_channel: "customer.contact.field.preferredChannel",
  receives_quotes: "customer.contact.field.receivesQuotes",
  receives_invoices: "customer.contact.field.receivesInvoices",
};
const fieldLabel = (t: Translate, field: string) => (FIELD_KEYS[field] ? t(FIELD_KEYS[field]) : `${field[0].toUpperCase()}${field.slice(1).replace(/_/g, " ")}`);

/** On the customer's own page the other party is the customer, named as such; the address is in the thread. */
function messageHeadline(t: Translate, entry: MessageEntry, customerName: string) {
  const { type, direction } = entry.message;
  const channel = t(CHANNEL_LABELS[type]);
  if (type === "note") return entry.author ? t("customer.activity.noteBy", { name: entry.author.name }) : t("customer.activity.noteBySomeone");
  if (cameIn(direction)) return t("customer.activity.messageFrom", { channel, name: customerName });
  return entry.author
    ? t("customer.activity.messageToBy", { channel, name: customerName, author: entry.author.name })
    : t("customer.activity.messageTo", { channel, name: customerName });
}

function MessageBody({ entry }: { entry: MessageEntry }) {
  const t = useTranslations();
  const { message, conversation } = entry;
  return (
    <Stack gap={2}>
      <Anchor component={Link} href={entry.link} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {conversation.reference} · {conversation.title}
      </Anchor>
      {message.title && MESSAGE_LOOKS[message.type].titled && (
        <Text size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {message.title}
        </Text>
      )}
      {message.excerpt && (
        <Text size="sm" c="dimmed" lineClamp={2} style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
          {message.excerpt}
        </Text>
      )}
      {message.files > 0 && (
        <Text size="xs" c="dimmed">
          {t("customer.activity.attachments", { count: message.files })}
        </Text>
      )}
    </Stack>
  );
}

const note = (entry: HistoryEntry, field: string) => entry.changes.find((change) => change.field === field)?.after ?? null;

function historyHeadline(t: Translate, entry: HistoryEntry) {
  const name = entry.member?.name;
  const created = entry.action === "created";
  if (entry.entity.type === "customer") {
    if (created) return name ? t("customer.activity.customerCreatedBy", { name }) : t("customer.activity.customerCreated");
    return name ? t("customer.activity.customerChangedBy", { name }) : t("customer.activity.customerChanged");
  }
  if (entry.entity.type === "site" || entry.entity.type === "contact") {
    const words = { name: name ?? "", title: entry.entity.title ?? t("customer.sites.unnamed") };
    if (entry.entity.type === "site") {
      if (created) return name ? t("customer.activity.siteAddedBy", words) : t("customer.activity.siteAdded", words);
      return name ? t("customer.activity.siteChangedBy", words) : t("customer.activity.siteChanged", words);
    }
    if (created) return name ? t("customer.activity.contactAddedBy", words) : t("customer.activity.contactAdded", words);
    return name ? t("customer.activity.contactChangedBy", words) : t("customer.activity.contactChanged", words);
  }
  // A workflow run reads as what happened, not as a field called Workflow.
  const workflow = note(entry, "workflow");
  if (workflow) return name ? t("customer.activity.ran", { name, workflow }) : t("customer.activity.ranBySomeone", { workflow });
  if (created) return name ? t("customer.activity.projectCreatedBy", { name }) : t("customer.activity.projectCreated");
  return name ? t("customer.activity.projectChangedBy", { name }) : t("customer.activity.projectChanged");
}

function HistoryBody({ entry }: { entry: HistoryEntry }) {
  const t = useTranslations();
  const changes = entry.action === "updated" ? entry.changes.filter((change) => !RUN_NOTES.has(change.field)) : [];
  const comment = note(entry, "comment");
  return (
    <Stack gap={2}>
      {entry.entity.type === "project" && (
        <Anchor component={Link} href={entry.link} size="sm" fw={500} style={{ overflowWrap: "anywhere" }}>
          {entry.entity.title}
        </Anchor>
      )}
      {changes.map((change) => (
        <Text key={change.field} size="sm" c="dimmed" style={{ overflowWrap: "anywhere" }}>
          {change.after !== null || change.before !== null
            ? t("customer.activity.change", {
                field: fieldLabel(t, change.field),
                before: change.before ?? t("customer.activity.none"),
                after: change.after ?? t("customer.activity.none"),
              })
            : t("customer.activity.changed", { field: fieldLabel(t, change.field) })}
        </Text>
      ))}
      {comment && (
        <Text size="sm" fs="italic" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
          “{comment}”
        </Text>
      )}
    </Stack>
  );
}

function Bullet({ entry }: { entry: ActivityItem }) {
  if (entry.kind === "message") {
    const Icon = MESSAGE_LOOKS[entry.message.type].icon;
    const incoming = cameIn(entry.message.direction);
    return (
      <ThemeIcon size={24} radius="xl" variant="light" color={incoming ? "blue" : entry.message.type === "note" ? "yellow" : "teal"}>
        <Icon size={14} aria-hidden />
      </ThemeIcon>
    );
  }
  const Icon = entry.entity.type === "project" ? IconFolders : entry.entity.type === "site" ? IconMapPin : entry.entity.type === "contact" ? IconUser : IconUserEdit;
  return (
    <ThemeIcon size={24} radius="xl" variant="light" color="gray">
      <Icon size={14} aria-hidden />
    </ThemeIcon>
  );
}

type Props = { customerName: string; items: ActivityItem[] | undefined; error: unknown; onRetry: () => void };

/** Messages, project changes and the customer's history on one line of time, newest first. */
export function CustomerActivityCard({ customerName, items, error, onRetry }: Props) {
  const t = useTranslations();
  const [all, setAll] = useState(false);
  const shown = all ? items : items?.slice(0, FIRST);
  return (
    <RecordCard
      title={t("customer.activity.title")}
      loadingLabel={t("customer.activity.loading")}
      loading={items === undefined}
      error={error}
      onRetry={onRetry}
      empty={items && items.length === 0 ? t("customer.activity.empty") : null}
    >
      <Timeline bulletSize={24} lineWidth={2} aria-label={t("customer.activity.title")} data-testid="customer-activity">
        {shown?.map((entry) => (
          <Timeline.Item
            key={`${entry.kind}-${entry.id}`}
            bullet={<Bullet entry={entry} />}
            data-testid="activity-item"
            data-kind={entry.kind}
            title={
              <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                  {entry.kind === "message" ? messageHeadline(t, entry, customerName) : historyHeadline(t, entry)}
                </Text>
                <div style={{ flexShrink: 0, whiteSpace: "nowrap" }}>
                  <RelativeTime date={entry.date} size="xs" />
                </div>
              </Group>
            }
          >
            {entry.kind === "message" ? <MessageBody entry={entry} /> : <HistoryBody entry={entry} />}
          </Timeline.Item>
        ))}
      </Timeline>
      {items && items.length > FIRST && !all && (
        <Button variant="subtle" size="compact-sm" onClick={() => setAll(true)}>
          {t("customer.activity.showAll", { count: items.length })}
        </Button>
      )}
    </RecordCard>
  );
}

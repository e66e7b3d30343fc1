"use client";
import { Anchor, Button, Group, Stack, Text, ThemeIcon, Timeline } from "@mantine/core";
import { IconFolders, IconUserEdit } from "@tabler/icons-react";
import Link from "next/link";
import { useState } from "react";
import { CHANNEL_LOOKS } from "@/components/conversation/channel-looks";
import { RUN_NOTES } from "@/components/detail/history-entry";
import { RelativeTime } from "@/components/detail/relative-time";
import { cameIn, CHANNEL_TRAITS } from "@/lib/schemas/channels";
import type { ActivityItem } from "./customer-activity-data";
import { RecordCard } from "./record-card";

const FIRST = 20;

type MessageEntry = Extract<ActivityItem, { kind: "message" }>;
type HistoryEntry = Extract<ActivityItem, { kind: "history" }>;

const FIELD_LABELS: Record<string, string> = { line1: "address line 1", line2: "address line 2", zip: "ZIP / postcode" };
const fieldLabel = (field: string) => {
  const label = FIELD_LABELS[field] ?? field;
  return `${label[0].toUpperCase()}${label.slice(1)}`;
};

/** On the customer's own page the other party is the customer, named as such; the address is in the thread. */
function messageHeadline(entry: MessageEntry, customerName: string) {
  const { type, direction } = entry.message;
  const channel = CHANNEL_TRAITS[type].label;
  if (type === "note") return `${channel} by ${entry.author?.name ?? "someone"}`;
  if (cameIn(direction)) return `${channel} from ${customerName}`;
  return `${channel} to ${customerName}${entry.author ? ` by ${entry.author.name}` : ""}`;
}

function MessageBody({ entry }: { entry: MessageEntry }) {
  const { message, conversation } = entry;
  return (
    <Stack gap={2}>
      <Anchor component={Link} href={entry.link} size="xs" c="dimmed" style={{ overflowWrap: "anywhere" }}>
        {conversation.reference} · {conversation.title}
      </Anchor>
      {message.title && CHANNEL_LOOKS[message.type].subject && (
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
          {message.files === 1 ? "1 attachment" : `${message.files} attachments`}
        </Text>
      )}
    </Stack>
  );
}

const note = (entry: HistoryEntry, field: string) => entry.changes.find((change) => change.field === field)?.after ?? null;

function historyHeadline(entry: HistoryEntry) {
  const by = entry.member ? ` by ${entry.member.name}` : "";
  if (entry.entity.type === "customer") return entry.action === "created" ? `Customer created${by}` : `Customer details changed${by}`;
  // A workflow run reads as what happened, not as a field called Workflow.
  const workflow = note(entry, "workflow");
  if (workflow) return `${entry.member?.name ?? "Someone"} ran ${workflow}`;
  return entry.action === "created" ? `Project created${by}` : `Project changed${by}`;
}

function HistoryBody({ entry }: { entry: HistoryEntry }) {
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
            ? `${fieldLabel(change.field)}: ${change.before ?? "none"} → ${change.after ?? "none"}`
            : `${fieldLabel(change.field)} changed`}
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
    const Icon = CHANNEL_LOOKS[entry.message.type].icon;
    const incoming = cameIn(entry.message.direction);
    return (
      <ThemeIcon size={24} radius="xl" variant="light" color={incoming ? "blue" : entry.message.type === "note" ? "yellow" : "teal"}>
        <Icon size={14} aria-hidden />
      </ThemeIcon>
    );
  }
  const Icon = entry.entity.type === "project" ? IconFolders : IconUserEdit;
  return (
    <ThemeIcon size={24} radius="xl" variant="light" color="gray">
      <Icon size={14} aria-hidden />
    </ThemeIcon>
  );
}

type Props = { customerName: string; items: ActivityItem[] | undefined; error: unknown; onRetry: () => void };

/** Messages, project changes and the customer's history on one line of time, newest first. */
export function CustomerActivityCard({ customerName, items, error, onRetry }: Props) {
  const [all, setAll] = useState(false);
  const shown = all ? items : items?.slice(0, FIRST);
  return (
    <RecordCard title="Activity" loading={items === undefined} error={error} onRetry={onRetry} empty={items && items.length === 0 ? "Nothing has happened yet." : null}>
      <Timeline bulletSize={24} lineWidth={2} aria-label="Activity" data-testid="customer-activity">
        {shown?.map((entry) => (
          <Timeline.Item
            key={`${entry.kind}-${entry.id}`}
            bullet={<Bullet entry={entry} />}
            data-testid="activity-item"
            data-kind={entry.kind}
            title={
              <Group justify="space-between" gap={6} wrap="nowrap" align="flex-start">
                <Text size="sm" fw={600} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                  {entry.kind === "message" ? messageHeadline(entry, customerName) : historyHeadline(entry)}
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
          Show all {items.length}
        </Button>
      )}
    </RecordCard>
  );
}

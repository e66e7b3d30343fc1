import { Blockquote, Box, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { Fragment, type ReactNode } from "react";
import { useLabel } from "@/components/shell/use-label";
import { IconArrowRight } from "@tabler/icons-react";
import { HistoryValue, type HistoryField } from "./history-value";
import { RelativeTime } from "./relative-time";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { listHistory } from "@/lib/services/history";

/** One entry as GET /history answers it. */
export type HistoryItem = Jsonify<Awaited<ReturnType<typeof listHistory>>["items"][number]>;

// Each value sits in its own box so "before → after" stays readable when a value has several parts (sharing).
function Boxed({ children }: { children: ReactNode }) {
  return (
    <Box component="span" px={6} py={2} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 4 }}>
      {children}
    </Box>
  );
}

/**
 * Changes in form order (the database keeps JSON keys in its own order); a
 * creation leaves out the fields it started empty.
 */
function orderedChanges(entry: HistoryItem, fields: Record<string, HistoryField>) {
  const order = Object.keys(fields);
  const rank = (key: string) => (order.includes(key) ? order.indexOf(key) : order.length);
  return Object.entries(entry.changes)
    .filter(([, [, after]]) => entry.action === "updated" || (after !== null && after !== ""))
    .sort(([a], [b]) => rank(a) - rank(b));
}

/** A field's label (a catalogue key or text), else its API name made readable. */
const labelOf = (key: string, field: HistoryField | undefined, label: (text: string) => string) =>
  field ? label(field.label) : key.charAt(0).toUpperCase() + key.slice(1).replace(/_/g, " ");

const ACTION_KEYS = { created: "history.action.created", updated: "history.action.updated" } as const;

/** A workflow run's entry carries the workflow's title and the comment as notes beside the fields it changed. */
function workflowRun(entry: HistoryItem): { title: string; comment?: string } | null {
  const title = entry.changes.workflow?.[1];
  if (typeof title !== "string") return null;
  const comment = entry.changes.comment?.[1];
  return { title, comment: typeof comment === "string" && comment !== "" ? comment : undefined };
}

/** History notes that are not fields: what a workflow run was called and the comment it asked for. */
export const RUN_NOTES = new Set(["workflow", "comment"]);

/**
 * Who did what when; for updates each field from → to, for creation the values
 * it started with. A workflow run reads as what happened: "ran Schedule visit:
 * New → Scheduled", then the other fields it set (the inputs) and the comment.
 */
export function HistoryEntry({ entry, fields }: { entry: HistoryItem; fields: Record<string, HistoryField> }) {
  const t = useTranslations();
  const label = useLabel();
  const who = entry.member?.name ?? t("history.unknownMember");
  const Value = entry.action === "updated" ? Boxed : Fragment;
  const run = workflowRun(entry);
  const statusChange = run ? entry.changes.status : undefined;
  const changes = orderedChanges(entry, fields).filter(([key]) => !run || (!RUN_NOTES.has(key) && !(statusChange && key === "status")));
  return (
    <Stack gap={6} data-testid="history-entry">
      <Group gap={6}>
        <Text size="sm">
          {t.rich(run ? (statusChange ? "history.ranWithStatus" : "history.ran") : ACTION_KEYS[entry.action], {
            who,
            workflow: run?.title ?? "",
            b: (chunks) => (
              <Text span fw={600} inherit>
                {chunks}
              </Text>
            ),
          })}
        </Text>
        {statusChange && (
          <>
            <Boxed>
              <HistoryValue value={statusChange[0]} field={fields.status} />
            </Boxed>
            <IconArrowRight size={14} aria-label={t("history.to")} />
            <Boxed>
              <HistoryValue value={statusChange[1]} field={fields.status} />
            </Boxed>
          </>
        )}
        <RelativeTime date={entry.date} />
      </Group>
      <Stack gap={4}>
        {changes.map(([key, [before, after]]) => (
          <Group key={key} gap={6} wrap="wrap" align="center">
            <Text size="sm" c="dimmed" miw={80}>
              {labelOf(key, fields[key], label)}
            </Text>
            {entry.action === "updated" && (
              <>
                <Boxed>
                  <HistoryValue value={before} field={fields[key]} />
                </Boxed>
                <IconArrowRight size={14} aria-label={t("history.to")} />
              </>
            )}
            <Value>
              <HistoryValue value={after} field={fields[key]} />
            </Value>
          </Group>
        ))}
        {run?.comment && (
          <Blockquote p="xs" fz="sm" style={{ overflowWrap: "anywhere", whiteSpace: "pre-line" }}>
            {run.comment}
          </Blockquote>
        )}
      </Stack>
    </Stack>
  );
}

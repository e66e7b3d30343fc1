"use client";
import { ActionIcon, Button, Group, NumberInput, Select, Stack, Text, TextInput } from "@mantine/core";
import { IconPlus, IconX } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import type { FieldRenderProps } from "@/components/form/form-config";
import { REMINDER_DAYS_MAX, REMINDER_HOURS_MAX, REMINDERS_MAX, type Reminder } from "@/lib/schemas/automatic-message-triggers";

const KINDS: Reminder["kind"][] = ["days_before_at", "hours_before"];
const KIND_LABELS: Record<Reminder["kind"], string> = {
  days_before_at: "automaticMessages.reminders.daysBeforeAt",
  hours_before: "automaticMessages.reminders.hoursBefore",
};

/** A new reminder of a kind, from what the one it replaces said. */
const reminderOf = (kind: Reminder["kind"], from?: Reminder): Reminder =>
  kind === "hours_before" ? { kind, hours: from?.kind === "days_before_at" ? from.days * 24 : 2 } : { kind, days: from?.kind === "hours_before" ? Math.max(1, Math.round(from.hours / 24)) : 1, time: "17:00" };

/** Up to two reminders, each so many hours before the visit or so many days before at a time of day at the site. */
export function RemindersField({ value, onChange, errors = {}, error }: FieldRenderProps) {
  const t = useTranslations();
  const reminders = (value as Reminder[]) ?? [];
  const set = (index: number, next: Reminder) => onChange(reminders.map((reminder, at) => (at === index ? next : reminder)));
  return (
    <Stack gap="sm" maw={560}>
      <Text size="sm" c="dimmed">
        {t("automaticMessages.reminders.intro")}
      </Text>
      {reminders.length === 0 && <Text size="sm">{t("automaticMessages.reminders.none")}</Text>}
      {reminders.map((reminder, index) => {
        const name = t("automaticMessages.reminders.name", { number: index + 1 });
        return (
          <Group key={index} gap="xs" align="flex-start" wrap="wrap" role="group" aria-label={name}>
            {reminder.kind === "hours_before" ? (
              <NumberInput
                w={110}
                label={t("automaticMessages.reminders.hours")}
                min={1}
                max={REMINDER_HOURS_MAX}
                allowDecimal={false}
                value={reminder.hours}
                onChange={(next) => set(index, { ...reminder, hours: typeof next === "number" ? next : Number.NaN })}
                error={errors[`${index}.hours`]}
              />
            ) : (
              <NumberInput
                w={110}
                label={t("automaticMessages.reminders.days")}
                min={1}
                max={REMINDER_DAYS_MAX}
                allowDecimal={false}
                value={reminder.days}
                onChange={(next) => set(index, { ...reminder, days: typeof next === "number" ? next : Number.NaN })}
                error={errors[`${index}.days`]}
              />
            )}
            <Select
              w={190}
              label={t("automaticMessages.reminders.kind")}
              data={KINDS.map((kind) => ({ value: kind, label: t(KIND_LABELS[kind] as never) }))}
              value={reminder.kind}
              allowDeselect={false}
              onChange={(kind) => kind && kind !== reminder.kind && set(index, reminderOf(kind as Reminder["kind"], reminder))}
            />
            {reminder.kind === "days_before_at" && (
              <TextInput
                w={140}
                type="time"
                label={t("automaticMessages.reminders.time")}
                value={reminder.time}
                onChange={(event) => set(index, { ...reminder, time: event.currentTarget.value })}
                error={errors[`${index}.time`]}
              />
            )}
            <ActionIcon
              variant="subtle"
              color="gray"
              mt={28}
              aria-label={t("automaticMessages.reminders.remove", { name })}
              onClick={() => onChange(reminders.filter((_, at) => at !== index))}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        );
      })}
      {/* The list's own error (two reminders alike); the rows show theirs. */}
      {error && Object.keys(errors).length === 0 && (
        <Text size="sm" c="red">
          {error}
        </Text>
      )}
      {reminders.length < REMINDERS_MAX && (
        <Group>
          <Button variant="light" size="compact-sm" leftSection={<IconPlus size={16} />} onClick={() => onChange([...reminders, reminderOf(reminders.length === 0 ? "days_before_at" : "hours_before")])}>
            {t("automaticMessages.reminders.add")}
          </Button>
        </Group>
      )}
    </Stack>
  );
}

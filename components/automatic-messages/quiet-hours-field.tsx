"use client";
import { Group, Stack, Switch, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useRef } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { DEFAULT_QUIET_HOURS, type QuietHours } from "@/lib/schemas/automatic-message-triggers";

/** No text messages at night at the site: from–to, or none at all. */
export function QuietHoursField({ value, onChange, errors = {} }: FieldRenderProps) {
  const t = useTranslations();
  const hours = value as QuietHours | null;
  // Switched off and on again, the hours come back as they were.
  const last = useRef<QuietHours>(hours ?? DEFAULT_QUIET_HOURS);
  if (hours) last.current = hours;
  return (
    <Stack gap="sm" maw={560}>
      <Switch
        label={t("automaticMessages.quietHours.switch")}
        description={t("automaticMessages.quietHours.help")}
        checked={hours !== null}
        onChange={(event) => onChange(event.currentTarget.checked ? last.current : null)}
      />
      {hours && (
        <Group gap="sm" wrap="nowrap">
          <TextInput w={140} type="time" label={t("automaticMessages.quietHours.from")} value={hours.from} onChange={(event) => onChange({ ...hours, from: event.currentTarget.value })} error={errors.from} />
          <TextInput w={140} type="time" label={t("automaticMessages.quietHours.to")} value={hours.to} onChange={(event) => onChange({ ...hours, to: event.currentTarget.value })} error={errors.to} />
        </Group>
      )}
    </Stack>
  );
}

"use client";
import { Group, NumberInput, Stack, Text, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useMemo } from "react";
import type { FieldConfig } from "@/components/form/form-config";
import { EntityForm } from "@/components/form/entity-form";
import { useChangeForm, type ChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { validate } from "@/lib/client/field-errors";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { holds, useSession } from "@/lib/client/use-session";
import {
  INVOICE_OVERDUE_DAYS_MAX,
  INVOICE_REMINDER_DAYS_MAX,
  INVOICE_REMINDER_DAYS_MIN,
  QUOTE_FOLLOW_UP_DAYS_MAX,
  QUOTE_FOLLOW_UP_DAYS_MIN,
} from "@/lib/schemas/automatic-message-triggers";
import { payloadOf, valuesOf, type AutomaticMessagesItem, type AutomaticMessagesValues } from "./automatic-messages-values";
import { QuietHoursField } from "./quiet-hours-field";
import { RemindersField } from "./reminders-field";
import { TriggerList } from "./trigger-list";

const schema = () => import("@/lib/schemas/automatic-messages").then((schemas) => schemas.automaticMessagesUpdateSchema);

type Props = { path: string; item: AutomaticMessagesItem; onSaved: (saved: AutomaticMessagesItem) => void };

/** The settings as one form with change tracking: Save sends what changed, Reset changes goes back to what was saved. */
export function AutomaticMessagesForm({ path, item, onSaved }: Props) {
  const t = useTranslations();
  const { data: session } = useSession();
  const admin = session ? holds(session, "admin") : false;
  const form = useChangeForm<AutomaticMessagesValues>(valuesOf(item));
  const fresh = JSON.stringify(valuesOf(item));

  useEffect(() => {
    // Newer server data replaces the form only while nothing is being edited.
    if (!form.dirty) form.commit(JSON.parse(fresh));
  }, [fresh]);
  useEffect(() => {
    if (form.dirty) schema().catch(() => undefined);
  }, [form.dirty]);

  const fields = useMemo<FieldConfig[]>(
    () => [
      { key: "enabled", kind: "switch", label: "automaticMessages.enabled", description: "automaticMessages.enabledHelp" },
      {
        key: "triggers",
        kind: "custom",
        label: "automaticMessages.messages",
        section: "automaticMessages.messages",
        render: (props) => <TriggerList {...props} item={item} path={path} admin={admin} />,
      },
      { key: "reminders", kind: "custom", label: "automaticMessages.reminders.title", section: "automaticMessages.reminders.title", render: (props) => <RemindersField {...props} /> },
      {
        key: "quote_follow_up_days",
        kind: "custom",
        label: "automaticMessages.quoteFollowUp.days",
        section: "automaticMessages.quoteFollowUp.title",
        render: ({ value, onChange, error }) => (
          <NumberInput
            maw={560}
            label={t("automaticMessages.quoteFollowUp.days")}
            description={t("automaticMessages.quoteFollowUp.help")}
            min={QUOTE_FOLLOW_UP_DAYS_MIN}
            max={QUOTE_FOLLOW_UP_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={typeof value === "number" ? value : ""}
            onChange={(next) => onChange(typeof next === "number" ? next : Number(next) || QUOTE_FOLLOW_UP_DAYS_MIN)}
            error={error}
          />
        ),
      },
      {
        key: "invoice_reminder_days",
        kind: "custom",
        label: "automaticMessages.invoiceReminders.daysBefore",
        section: "automaticMessages.invoiceReminders.title",
        render: ({ value, onChange, error }) => (
          <NumberInput
            maw={560}
            label={t("automaticMessages.invoiceReminders.daysBefore")}
            description={t("automaticMessages.invoiceReminders.daysBeforeHelp")}
            min={INVOICE_REMINDER_DAYS_MIN}
            max={INVOICE_REMINDER_DAYS_MAX}
            allowDecimal={false}
            allowNegative={false}
            clampBehavior="strict"
            value={typeof value === "number" ? value : ""}
            onChange={(next) => onChange(typeof next === "number" ? next : Number(next) || INVOICE_REMINDER_DAYS_MIN)}
            error={error}
          />
        ),
      },
      {
        key: "invoice_overdue_days",
        kind: "custom",
        label: "automaticMessages.invoiceReminders.firstAfter",
        render: ({ value, onChange, error }) => {
          const days = (value as [number | null, number | null] | undefined) ?? [null, null];
          const change = (index: 0 | 1, next: string | number) => {
            const copy: [number | null, number | null] = [days[0], days[1]];
            copy[index] = typeof next === "number" ? next : next === "" ? null : Number(next) || null;
            onChange(copy);
          };
          return (
            <Stack gap={4} maw={560}>
              <Group grow align="flex-start">
                {([0, 1] as const).map((index) => (
                  <NumberInput
                    key={index}
                    label={t(index === 0 ? "automaticMessages.invoiceReminders.firstAfter" : "automaticMessages.invoiceReminders.secondAfter")}
                    min={1}
                    max={INVOICE_OVERDUE_DAYS_MAX}
                    allowDecimal={false}
                    allowNegative={false}
                    clampBehavior="strict"
                    value={days[index] ?? ""}
                    onChange={(next) => change(index, next)}
                  />
                ))}
              </Group>
              <Text size="xs" c={error ? "red" : "dimmed"}>
                {error ?? t("automaticMessages.invoiceReminders.afterHelp")}
              </Text>
            </Stack>
          );
        },
      },
      { key: "quiet_hours", kind: "custom", label: "automaticMessages.quietHours.title", section: "automaticMessages.quietHours.title", render: (props) => <QuietHoursField {...props} /> },
      {
        key: "review_link",
        kind: "custom",
        label: "automaticMessages.reviewLink",
        section: "automaticMessages.reviewLinkSection",
        render: ({ value, onChange, error }) => (
          <TextInput
            maw={560}
            type="url"
            label={t("automaticMessages.reviewLink")}
            description={t("automaticMessages.reviewLinkHelp")}
            placeholder="https://g.page/r/…"
            value={String(value ?? "")}
            onChange={(event) => onChange(event.currentTarget.value)}
            error={error}
          />
        ),
      },
    ],
    [item, path, admin, t],
  );

  async function submit() {
    const body = payloadOf(form.values, form.snapshot);
    const checked = validate(await schema(), body);
    form.setErrors(checked.errors ?? {});
    if (checked.errors) return;
    const saved = await api.patch<AutomaticMessagesItem>(path, body);
    form.commit(valuesOf(saved));
    onSaved(saved);
    toast("success", t("automaticMessages.saved"));
    void invalidate("/history");
  }

  return (
    <>
      <Text size="sm" c="dimmed" maw={720} mb="md">
        {t("automaticMessages.intro")}
      </Text>
      <EntityForm
        fields={fields}
        // The shared form takes any values; these are the settings' own.
        form={form as unknown as ChangeForm}
        onSubmit={submit}
        submitLabel={t("common.save")}
        readOnly={session && !admin ? t("automaticMessages.readOnly") : undefined}
        width={1040}
      />
    </>
  );
}

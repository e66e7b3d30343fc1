"use client";
import { Accordion, Badge, Group, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useEffect, useMemo, useState } from "react";
import type { FieldRenderProps } from "@/components/form/form-config";
import { errorsAt } from "@/lib/client/field-errors";
import { lazyComponent } from "@/lib/client/lazy-component";
import { AUTOMATIC_TRIGGERS, type AutomaticTrigger } from "@/lib/schemas/automatic-message-triggers";
import { TRIGGER_LABELS, type AutomaticMessagesItem, type TriggerValues } from "./automatic-messages-values";

// The editors, the preview and the test send open with a trigger: fetched after the list is drawn, not with it.
const TriggerEditor = lazyComponent(() => import("./trigger-editor").then((module) => module.TriggerEditor));

type Props = FieldRenderProps & { item: AutomaticMessagesItem; path: string; admin: boolean };
type Triggers = Record<AutomaticTrigger, TriggerValues>;

/**
 * Every trigger in one list, its switch shown in its row; one opens at a time with
 * its texts, the placeholders to insert, a live preview and a test send. Read only
 * (the form's controls are disabled), every one is open to read.
 */
export function TriggerList({ value, saved, onChange, errors = {}, item, path, admin, form }: Props) {
  const t = useTranslations();
  const triggers = value as Triggers;
  const before = saved as Triggers;
  const [open, setOpen] = useState<string | null>(null);
  useEffect(() => void TriggerEditor.preload().catch(() => undefined), []);
  // The review link as it is in the form, saved or not, in the previews.
  const reviewLink = typeof form?.values.review_link === "string" ? form.values.review_link.trim() : "";
  const sample = useMemo(() => ({ ...item.sample, "links.review": reviewLink }), [item.sample, reviewLink]);

  const items = AUTOMATIC_TRIGGERS.map((trigger) => {
    const current = triggers[trigger];
    const changed = JSON.stringify(current) !== JSON.stringify(before[trigger]);
    const own = errorsAt(errors, trigger);
    return (
      <Accordion.Item key={trigger} value={trigger}>
        <Accordion.Control>
          <Group justify="space-between" wrap="nowrap" gap="xs">
            <Text fw={500} size="sm" truncate>
              {t(TRIGGER_LABELS[trigger].title as never)}
            </Text>
            <Group gap={6} wrap="nowrap">
              {Object.keys(own).length > 0 && (
                <Badge color="red" variant="light" size="sm">
                  {t("automaticMessages.hasErrors")}
                </Badge>
              )}
              {changed && (
                <Badge color="blue" variant="light" size="sm">
                  {t("automaticMessages.changed")}
                </Badge>
              )}
              <Badge color={current.enabled ? "green" : "gray"} variant={current.enabled ? "light" : "outline"} size="sm">
                {current.enabled ? t("automaticMessages.on") : t("automaticMessages.off")}
              </Badge>
            </Group>
          </Group>
        </Accordion.Control>
        <Accordion.Panel>
          {(!admin || open === trigger) && (
            <TriggerEditor
              trigger={trigger}
              value={current}
              defaults={item.defaults[trigger]}
              placeholders={item.placeholders[trigger]}
              sample={sample}
              errors={own}
              path={path}
              admin={admin}
              onChange={(next) => onChange({ ...triggers, [trigger]: next })}
            />
          )}
        </Accordion.Panel>
      </Accordion.Item>
    );
  });

  return admin ? (
    <Accordion variant="separated" chevronPosition="left" value={open} onChange={setOpen}>
      {items}
    </Accordion>
  ) : (
    <Accordion variant="separated" chevronPosition="left" multiple value={[...AUTOMATIC_TRIGGERS]}>
      {items}
    </Accordion>
  );
}

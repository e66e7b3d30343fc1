"use client";
import { Button, Group, SimpleGrid, Stack, Switch, Text, Textarea, TextInput } from "@mantine/core";
import { IconRestore, IconSend } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useMemo, useRef, useState } from "react";
import { SmsCounter } from "@/components/conversation/sms-counter";
import type { FieldErrors } from "@/lib/client/field-errors";
import { sampleSource, TEMPLATE_FIELDS, TEMPLATE_MAX, type AutomaticTrigger, type TemplateField } from "@/lib/schemas/automatic-message-triggers";
import { renderTemplate, templateIssue, templateIssueMessage } from "@/lib/schemas/message-template";
import { FIELD_LABELS, TRIGGER_LABELS, type TriggerValues } from "./automatic-messages-values";
import { MessagePreview } from "./message-preview";
import { PlaceholderMenu } from "./placeholder-menu";
import { TestSendDialog } from "./test-send-dialog";

type Texts = Record<TemplateField, string>;

type Props = {
  trigger: AutomaticTrigger;
  value: TriggerValues;
  defaults: Texts;
  placeholders: string[];
  /** Each placeholder's words for the sample visit (from the server, in the organization's language). */
  sample: Record<string, string>;
  /** The server's errors for this trigger, by text ("sms"). */
  errors: FieldErrors;
  path: string;
  admin: boolean;
  onChange: (next: TriggerValues) => void;
};

type Editable = HTMLInputElement | HTMLTextAreaElement;

/** A subject is one line, as the server sends it. */
const oneLine = (text: string) => text.split("\n").map((line) => line.trim()).filter(Boolean).join(" ");

/** One trigger's switch and texts beside their preview for a sample visit; the preview follows every keystroke. */
export function TriggerEditor({ trigger, value, defaults, placeholders, sample, errors, path, admin, onChange }: Props) {
  const t = useTranslations();
  const inputs = useRef<Partial<Record<TemplateField, Editable | null>>>({});
  // Where Insert placeholder puts its placeholder: the text last typed in.
  const [target, setTarget] = useState<TemplateField>("sms");
  const [testing, setTesting] = useState(false);

  const issues = useMemo(() => {
    const found: Partial<Record<TemplateField, string>> = {};
    for (const field of TEMPLATE_FIELDS) {
      const issue = templateIssue(value[field], placeholders);
      if (issue) {
        const { key, values } = templateIssueMessage(issue);
        found[field] = t(key as never, values as never);
      }
    }
    return found;
  }, [value, placeholders, t]);

  const rendered = useMemo(
    () => ({
      subject: oneLine(renderTemplate(value.email_subject, sample) ?? ""),
      body: renderTemplate(value.email_body, sample) ?? "",
      sms: renderTemplate(value.sms, sample) ?? "",
    }),
    [value, sample],
  );

  const set = (field: TemplateField, text: string) => onChange({ ...value, [field]: text });

  function insert(placeholder: string) {
    const input = inputs.current[target];
    const text = value[target];
    const token = `{{${placeholder}}}`;
    const start = input?.selectionStart ?? text.length;
    const end = input?.selectionEnd ?? text.length;
    set(target, text.slice(0, start) + token + text.slice(end));
    // Back in the text, just after what was inserted, once the menu has let go of the focus.
    setTimeout(() => {
      input?.focus();
      input?.setSelectionRange(start + token.length, start + token.length);
    }, 0);
  }

  const common = (field: TemplateField) => ({
    label: t(FIELD_LABELS[field] as never),
    value: value[field],
    maxLength: TEMPLATE_MAX[field],
    error: errors[field] ?? issues[field],
    ref: (element: Editable | null) => void (inputs.current[field] = element),
    onFocus: () => setTarget(field),
    onChange: (event: { currentTarget: { value: string } }) => set(field, event.currentTarget.value),
  });
  const isDefault = TEMPLATE_FIELDS.every((field) => value[field] === defaults[field]);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        {t(TRIGGER_LABELS[trigger].when as never)}
      </Text>
      <Switch label={t("automaticMessages.sendThis")} checked={value.enabled} onChange={(event) => onChange({ ...value, enabled: event.currentTarget.checked })} />
      <SimpleGrid cols={{ base: 1, lg: 2 }} spacing="lg">
        <Stack gap="sm" miw={0}>
          <Group justify="space-between" gap="xs">
            <PlaceholderMenu placeholders={placeholders} target={t(FIELD_LABELS[target] as never)} onInsert={insert} />
            <Button variant="subtle" size="compact-sm" leftSection={<IconRestore size={16} />} disabled={isDefault} onClick={() => onChange({ ...value, ...defaults })}>
              {t("automaticMessages.restoreDefaults")}
            </Button>
          </Group>
          <TextInput {...common("email_subject")} />
          <Textarea {...common("email_body")} autosize minRows={6} maxRows={18} />
          <Textarea
            {...common("sms")}
            autosize
            minRows={3}
            maxRows={10}
            inputWrapperOrder={["label", "input", "description", "error"]}
            description={
              <>
                {t("automaticMessages.smsCountSample", { source: sampleSource(trigger) })} <SmsCounter text={rendered.sms} />
              </>
            }
          />
        </Stack>
        <MessagePreview subject={rendered.subject} body={rendered.body} sms={rendered.sms} source={sampleSource(trigger)} />
      </SimpleGrid>
      {admin && (
        <Group>
          <Button variant="default" leftSection={<IconSend size={16} />} onClick={() => setTesting(true)}>
            {t("automaticMessages.test.button")}
          </Button>
        </Group>
      )}
      {admin && <TestSendDialog opened={testing} onClose={() => setTesting(false)} trigger={trigger} texts={value} path={path} />}
    </Stack>
  );
}

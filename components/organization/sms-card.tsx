"use client";
import { ActionIcon, Badge, Card, Group, Stack, Text, TextInput, Title, Tooltip } from "@mantine/core";
import { IconCopy, IconMessage } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { copyText } from "@/lib/client/copy-text";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import type { IntegrationsView } from "@/lib/schemas/integrations";
import { NOT_CONFIGURED } from "./mailbox-card";

async function copy(url: string) {
  try {
    await copyText(url);
    toast("success", translate("organization.copy.done"));
  } catch {
    toast("error", translate("organization.copy.failedTitle"), translate("organization.copy.failedText"));
  }
}

/** `copyLabel`: the copy button's name, "Copy inbound address". */
export function CopyField({ label, copyLabel, value }: { label: string; copyLabel: string; value: string }) {
  const t = useTranslations();
  return (
    <TextInput
      label={label}
      value={value}
      readOnly
      onFocus={(event) => event.currentTarget.select()}
      styles={{ input: { fontFamily: "monospace" } }}
      rightSection={
        <Tooltip label={t("organization.copy.button")}>
          <ActionIcon variant="subtle" color="gray" aria-label={copyLabel} onClick={() => void copy(value)}>
            <IconCopy size={16} />
          </ActionIcon>
        </Tooltip>
      }
    />
  );
}

/** Texts through Twilio: configured by the server's environment; the admin gives Twilio these two addresses. */
export function SmsCard({ sms }: { sms: IntegrationsView["sms"] | null }) {
  const t = useTranslations();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="sms-title">
      <Stack gap="sm">
        <Group gap="sm" wrap="nowrap">
          <IconMessage size={28} aria-hidden />
          <Title order={3} size="h5" id="sms-title">
            {t("organization.sms.title")}
          </Title>
          {sms?.provider && (
            <Badge color="green" variant="light">
              Twilio
            </Badge>
          )}
        </Group>
        {sms?.provider ? (
          <>
            <Text size="sm" c="dimmed">
              {t("organization.sms.text", { from: sms.from ?? "" })}
            </Text>
            {sms.inbound_url && <CopyField label={t("organization.sms.inbound")} copyLabel={t("organization.sms.copyInbound")} value={sms.inbound_url} />}
            {sms.status_url && <CopyField label={t("organization.sms.status")} copyLabel={t("organization.sms.copyStatus")} value={sms.status_url} />}
          </>
        ) : (
          sms && (
            <Text size="sm" c="dimmed">
              {t(NOT_CONFIGURED)}
            </Text>
          )
        )}
      </Stack>
    </Card>
  );
}

"use client";
import { Box, Card, Divider, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { SmsCounter } from "@/components/conversation/sms-counter";

type Props = { subject: string; body: string; sms: string; source: "quote" | "invoice" | "visit" };

/** One channel's card: what the customer receives, or why nothing is sent on it. */
function PreviewCard({ label, none, children }: { label: string; none: string | null; children: ReactNode }) {
  return (
    <Card withBorder padding="sm" radius="md">
      <Text size="xs" c="dimmed" fw={500} tt="uppercase">
        {label}
      </Text>
      {none === null ? (
        children
      ) : (
        <Text size="sm" c="dimmed" mt={4}>
          {none}
        </Text>
      )}
    </Card>
  );
}

/** How the customer receives the message for a sample visit, quote or invoice: the email and the text message, or that none is sent. */
export function MessagePreview({ subject, body, sms, source }: Props) {
  const t = useTranslations();
  return (
    <Stack gap="sm" miw={0} aria-live="polite" data-testid="message-preview">
      <Title order={4} size="h6">
        {t("automaticMessages.preview.title", { source })}
      </Title>
      <PreviewCard label={t("automaticMessages.preview.email")} none={body ? null : t("automaticMessages.preview.noEmail")}>
        <Text size="sm" fw={600} mt={4} style={{ overflowWrap: "anywhere" }} data-testid="preview-subject">
          {subject || t("automaticMessages.preview.noSubject")}
        </Text>
        <Divider my="xs" />
        <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="preview-email">
          {body}
        </Text>
      </PreviewCard>
      <PreviewCard label={t("automaticMessages.preview.sms")} none={sms ? null : t("automaticMessages.preview.noSms")}>
        <Box mt={6} px="sm" py={8} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 12, maxWidth: 360 }}>
          <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="preview-sms">
            {sms}
          </Text>
        </Box>
        <Box mt={4}>
          <SmsCounter text={sms} />
        </Box>
      </PreviewCard>
    </Stack>
  );
}

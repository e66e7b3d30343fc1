"use client";
import { Box, Card, Divider, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import { SmsCounter } from "@/components/conversation/sms-counter";

type Props = { subject: string; body: string; sms: string };

/** How the customer receives the message for a sample visit: the email and the text message, or that none is sent. */
export function MessagePreview({ subject, body, sms }: Props) {
  const t = useTranslations();
  return (
    <Stack gap="sm" miw={0} aria-live="polite" data-testid="message-preview">
      <Title order={4} size="h6">
        {t("automaticMessages.preview.title")}
      </Title>
      <Card withBorder padding="sm" radius="md">
        <Text size="xs" c="dimmed" fw={500} tt="uppercase">
          {t("automaticMessages.preview.email")}
        </Text>
        {body ? (
          <>
            <Text size="sm" fw={600} mt={4} style={{ overflowWrap: "anywhere" }} data-testid="preview-subject">
              {subject || t("automaticMessages.preview.noSubject")}
            </Text>
            <Divider my="xs" />
            <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="preview-email">
              {body}
            </Text>
          </>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            {t("automaticMessages.preview.noEmail")}
          </Text>
        )}
      </Card>
      <Card withBorder padding="sm" radius="md">
        <Text size="xs" c="dimmed" fw={500} tt="uppercase">
          {t("automaticMessages.preview.sms")}
        </Text>
        {sms ? (
          <>
            <Box mt={6} px="sm" py={8} bg="var(--mantine-color-default-hover)" style={{ borderRadius: 12, maxWidth: 360 }}>
              <Text size="sm" style={{ whiteSpace: "pre-wrap", overflowWrap: "anywhere" }} data-testid="preview-sms">
                {sms}
              </Text>
            </Box>
            <Box mt={4}>
              <SmsCounter text={sms} />
            </Box>
          </>
        ) : (
          <Text size="sm" c="dimmed" mt={4}>
            {t("automaticMessages.preview.noSms")}
          </Text>
        )}
      </Card>
    </Stack>
  );
}

"use client";
import { Container, Paper, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";

/** What the page shows for a link that does not open a quote (unknown, revoked, expired). */
export function LinkUnavailable() {
  const t = useTranslations();
  return (
    <Container size={520} py="xl" px="md">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Title order={1} size="h3">
            {t("publicQuote.invalidLinkTitle")}
          </Title>
          <Text c="dimmed">{t("publicQuote.invalidLink")}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}

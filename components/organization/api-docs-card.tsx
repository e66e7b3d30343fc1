"use client";
import { Anchor, Card, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";

/** Where scripts and other systems learn the REST API: the reference page and the document it reads. */
export function ApiDocsCard() {
  const t = useTranslations();
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="api-title">
      <Stack gap={4}>
        <Title order={3} size="h5" id="api-title">
          {t("organization.api.title")}
        </Title>
        <Text size="sm" c="dimmed">
          {t("organization.api.text")}
        </Text>
        <Anchor href="/api-docs" size="sm">
          {t("organization.api.link")}
        </Anchor>
      </Stack>
    </Card>
  );
}

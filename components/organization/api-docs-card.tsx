import { Anchor, Card, Stack, Text, Title } from "@mantine/core";

/** Where scripts and other systems learn the REST API: the reference page and the document it reads. */
export function ApiDocsCard() {
  return (
    <Card withBorder padding="md" component="section" aria-labelledby="api-title">
      <Stack gap={4}>
        <Title order={3} size="h5" id="api-title">
          API
        </Title>
        <Text size="sm" c="dimmed">
          Connect scripts and other systems to Craftdesk through its REST API.
        </Text>
        <Anchor href="/api-docs" size="sm">
          API documentation
        </Anchor>
      </Stack>
    </Card>
  );
}

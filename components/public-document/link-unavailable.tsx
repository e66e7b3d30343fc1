import { Container, Paper, Stack, Text, Title } from "@mantine/core";

/** What a public page shows for a link that does not open its document (unknown, revoked, expired), in the page's words. */
export function LinkUnavailable({ title, text }: { title: string; text: string }) {
  return (
    <Container size={520} py="xl" px="md">
      <Paper withBorder radius="md" p="lg">
        <Stack gap="xs">
          <Title order={1} size="h3">
            {title}
          </Title>
          <Text c="dimmed">{text}</Text>
        </Stack>
      </Paper>
    </Container>
  );
}

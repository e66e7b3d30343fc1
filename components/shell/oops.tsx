import { Button, Center, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The full-page message used for not-found, load failures and start-up failures. */
export function Oops({ title = "Oops!", text, action }: { title?: string; text: string; action?: ReactNode }) {
  return (
    <Center mih="100dvh" p="md">
      <Stack align="center" gap="xs">
        <Title order={1}>{title}</Title>
        <Text c="dimmed" size="lg">
          {text}
        </Text>
        {action}
      </Stack>
    </Center>
  );
}

export function HomeButton() {
  return (
    <Button component="a" href="/" variant="light" mt="md">
      Back to start
    </Button>
  );
}

import { Button, Center, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { PageTitle } from "@/components/shell/page-title";

/** The detail error state (spec §2: Oops! with Failed to load content), a 404 included. */
export function LoadFailed({ backHref, backLabel }: { backHref: string; backLabel: string }) {
  return (
    <Center py={80}>
      <PageTitle parts={["Failed to load content"]} />
      <Stack align="center" gap="xs">
        <Title order={1}>Oops!</Title>
        <Text c="dimmed" size="lg">
          Failed to load content
        </Text>
        <Button component={Link} href={backHref} variant="light" mt="md">
          {backLabel}
        </Button>
      </Stack>
    </Center>
  );
}

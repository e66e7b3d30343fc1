import { Button, Center, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { PageTitle } from "@/components/shell/page-title";

type Props = {
  backHref: string;
  backLabel: string;
  /** What is known about the failure (a 404), in place of "Failed to load content". */
  reason?: string;
};

/** The detail error state (spec §2: Oops! with Failed to load content, or the reason when it is known). */
export function LoadFailed({ backHref, backLabel, reason = "Failed to load content" }: Props) {
  return (
    <Center py={80}>
      <PageTitle parts={[reason]} />
      <Stack align="center" gap="xs">
        <Title order={1}>Oops!</Title>
        <Text c="dimmed" size="lg" ta="center">
          {reason}
        </Text>
        <Button component={Link} href={backHref} variant="light" mt="md">
          {backLabel}
        </Button>
      </Stack>
    </Center>
  );
}

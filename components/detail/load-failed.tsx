import { Button, Center, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { PageTitle } from "@/components/shell/page-title";

type Props = {
  backHref: string;
  backLabel: string;
  /** What is known about the failure (a 404), in place of "Failed to load content". */
  reason?: string;
};

/** The detail error state (spec §2: Oops! with Failed to load content, or the reason when it is known). */
export function LoadFailed({ backHref, backLabel, reason: known }: Props) {
  const t = useTranslations();
  const reason = known ?? t("detail.loadFailed");
  return (
    <Center py={80}>
      <PageTitle parts={[reason]} />
      <Stack align="center" gap="xs">
        <Title order={1}>{t("shell.error.oops")}</Title>
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

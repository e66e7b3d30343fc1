import { Button, Center, Stack, Text, Title } from "@mantine/core";
import { useTranslations } from "next-intl";
import type { ReactNode } from "react";
import { PageTitle } from "./page-title";

type Props = { title?: string; text: string; action?: ReactNode; /** The browser tab's title, when not `title`. */ tab?: string };

/** The full-page message used for not-found, load failures and start-up failures. */
export function Oops({ title: given, text, action, tab }: Props) {
  const t = useTranslations();
  const title = given ?? t("shell.error.oops");
  return (
    <Center mih="100dvh" p="md">
      <PageTitle parts={[tab ?? title]} />
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
  const t = useTranslations();
  return (
    <Button component="a" href="/" variant="light" mt="md">
      {t("shell.notFound.home")}
    </Button>
  );
}

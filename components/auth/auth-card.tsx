import { Center, Paper, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";
import { PageTitle } from "@/components/shell/page-title";

export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: ReactNode; children: ReactNode }) {
  return (
    <Center mih="100dvh" p="md" bg="var(--mantine-color-body)">
      <PageTitle parts={[title]} />
      <Paper withBorder shadow="sm" p="xl" radius="lg" w="100%" maw={420}>
        <Stack gap="lg">
          <Stack gap={4}>
            <Text fw={700} c="blue" size="sm" tt="uppercase">
              Craftdesk
            </Text>
            <Title order={2}>{title}</Title>
            {subtitle && (
              <Text c="dimmed" size="sm">
                {subtitle}
              </Text>
            )}
          </Stack>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}

"use client";
import { Anchor, Button, Group, Stack, Text } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { OwnerCell, ProjectStatusCell } from "@/components/project/project-cells";
import type { ProjectItem } from "@/components/project/project-item";
import { useApi } from "@/lib/client/use-api";
import { RecordCard } from "./record-card";

const LIMIT = 10;

export const customerProjectsQuery = (customerId: string) => ({
  customer: [customerId],
  open: "true",
  sort: "updated:desc",
  limit: LIMIT,
});

/**
 * The customer's open projects, latest changed first, each with its status and
 * owner; New project (open to every member) starts one for this customer.
 */
export function CustomerProjectsCard({ customerId }: { customerId: string }) {
  const t = useTranslations();
  const { data, error, isLoading, mutate } = useApi<{ items: ProjectItem[]; more: boolean }>(
    "/project",
    customerProjectsQuery(customerId),
    { shouldRetryOnError: false },
  );
  return (
    <RecordCard
      title={t("customer.projects.title")}
      loadingLabel={t("customer.projects.loading")}
      loading={isLoading}
      error={error}
      onRetry={() => void mutate()}
      empty={data && data.items.length === 0 ? t("customer.projects.empty") : null}
      actions={
        <Button component={Link} href={`/project/new?customer=${customerId}`} size="compact-sm" variant="light" leftSection={<IconPlus size={14} />}>
          {t("customer.projects.new")}
        </Button>
      }
    >
      <Stack gap="xs" component="ul" style={{ listStyle: "none", margin: 0, padding: 0 }}>
        {data?.items.map((project) => (
          <li key={project.id}>
            <Group justify="space-between" gap="xs" wrap="nowrap">
              <Anchor component={Link} href={`/project/${project.id}`} size="sm" fw={500} style={{ overflowWrap: "anywhere", minWidth: 0 }}>
                {project.title}
              </Anchor>
              <ProjectStatusCell type={project.type} status={project.status} />
            </Group>
            {project.owner && (
              <Group gap={4} mt={2}>
                <Text size="xs" c="dimmed">
                  {t("customer.projects.owner")}
                </Text>
                <OwnerCell id={project.owner} />
              </Group>
            )}
          </li>
        ))}
      </Stack>
      {data && (
        <Anchor component={Link} href={`/project?customer=${customerId}`} size="sm">
          {t("customer.projects.all")}
        </Anchor>
      )}
    </RecordCard>
  );
}

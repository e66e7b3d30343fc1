import { Anchor, Badge, Card, Group, Stack, Text, Title } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { ProjectTypeIcon } from "@/components/project-type/project-type-icon";
import { PROJECT } from "@/components/entities";
import { listHref, type DashboardView } from "./dashboard-data";

/** Open projects by type and status; each count opens the list of those projects. */
export function OpenProjectsCard({ types }: { types: DashboardView["open_projects"] }) {
  const t = useTranslations();
  return (
    <Card withBorder radius="md" padding="md">
      <Stack gap="sm">
        <Title order={3} size="h4">
          {t("dashboard.openProjects.title")}
        </Title>
        {types.length === 0 ? (
          <Text size="sm" c="dimmed">
            {t("dashboard.openProjects.empty")}{" "}
            <Anchor component={Link} href={`${PROJECT.path}/new`} size="sm">
              {t("dashboard.openProjects.create")}
            </Anchor>
          </Text>
        ) : (
          types.map((type) => (
            <Stack key={type.type} gap={6} role="group" aria-label={type.name}>
              <Group gap="xs" wrap="nowrap">
                <ProjectTypeIcon icon={type.icon} color={type.color} size={22} />
                <Text fw={600} size="sm">
                  {type.name}
                </Text>
              </Group>
              <Group gap="xs">
                {type.statuses.map((status) => (
                  <Badge
                    key={status.id}
                    component={Link}
                    href={listHref(PROJECT.path, { type: type.type, status: String(status.id) })}
                    variant="light"
                    size="lg"
                    radius="sm"
                    tt="none"
                    style={{ cursor: "pointer" }}
                    aria-label={`${type.name}, ${status.title}: ${status.count}`}
                    rightSection={<b>{status.count}</b>}
                  >
                    {status.title}
                  </Badge>
                ))}
              </Group>
            </Stack>
          ))
        )}
      </Stack>
    </Card>
  );
}

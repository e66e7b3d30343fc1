import { Button, Group, Stack, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { holds, type SessionView } from "@/lib/client/use-session";
import type { BrowseConfig } from "./browse-config";
import { PageCrumbs } from "./page-crumbs";

const mayCreate = (session: SessionView, privilege?: string) => !privilege || holds(session, privilege);

export function BrowseHeader<Item extends { id: string }>({ config, session }: { config: BrowseConfig<Item>; session: SessionView }) {
  const create = config.create;
  return (
    <Stack gap="xs">
      <PageCrumbs items={[{ label: config.section }]} />
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{config.title}</Title>
        {create && mayCreate(session, create.privilege) && (
          // The title wraps on a phone; the button keeps its whole label.
          <Button component={Link} href={`/${config.type}/new`} leftSection={<IconPlus size={16} />} style={{ flexShrink: 0 }}>
            {create.label}
          </Button>
        )}
      </Group>
    </Stack>
  );
}

import { Button, Group, Stack, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useConfigLabel } from "@/components/form/config-label";
import { mayAct, type SessionView } from "@/lib/client/use-session";
import type { BrowseConfig } from "./browse-config";
import { PageCrumbs } from "./page-crumbs";

type CreateProps<Item extends { id: string }> = { config: BrowseConfig<Item>; session: SessionView; label?: string };

/** The New … button (or another label for the same action), for sessions that may create; nothing otherwise. */
export function CreateButton<Item extends { id: string }>({ config, session, label }: CreateProps<Item>) {
  const configLabel = useConfigLabel();
  const create = config.create;
  if (!create || !mayAct(session, create.privilege)) return null;
  return (
    // The title wraps on a phone; the button keeps its whole label.
    <Button component={Link} href={`/${config.type}/new`} leftSection={<IconPlus size={16} />} style={{ flexShrink: 0 }}>
      {configLabel(label ?? create.label)}
    </Button>
  );
}

export function BrowseHeader<Item extends { id: string }>({ config, session }: { config: BrowseConfig<Item>; session: SessionView }) {
  const configLabel = useConfigLabel();
  return (
    <Stack gap="xs">
      <PageCrumbs items={[{ label: configLabel(config.section) }]} />
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{configLabel(config.title)}</Title>
        <CreateButton config={config} session={session} />
      </Group>
    </Stack>
  );
}

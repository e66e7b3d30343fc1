import { Button, Group, Stack, Title } from "@mantine/core";
import { IconPlus } from "@tabler/icons-react";
import Link from "next/link";
import { useLabel } from "@/components/shell/use-label";
import { mayAct, type SessionView } from "@/lib/client/use-session";
import type { BrowseConfig } from "./browse-config";
import { PageCrumbs } from "./page-crumbs";

type CreateProps<Item extends { id: string }> = { config: BrowseConfig<Item>; session: SessionView; label?: string };

/** The New … button (or another label for the same action), for sessions that may create; nothing otherwise. */
export function CreateButton<Item extends { id: string }>({ config, session, label }: CreateProps<Item>) {
  const text = useLabel();
  const create = config.create;
  if (!create || !mayAct(session, create.privilege)) return null;
  return (
    // The title wraps on a phone; the button keeps its whole label.
    <Button component={Link} href={`/${config.type}/new`} leftSection={<IconPlus size={16} />} style={{ flexShrink: 0 }}>
      {text(label ?? create.label)}
    </Button>
  );
}

export function BrowseHeader<Item extends { id: string }>({ config, session }: { config: BrowseConfig<Item>; session: SessionView }) {
  const text = useLabel();
  return (
    <Stack gap="xs">
      <PageCrumbs items={[{ label: config.section }]} />
      <Group justify="space-between" wrap="nowrap">
        <Title order={2}>{text(config.title)}</Title>
        <CreateButton config={config} session={session} />
      </Group>
    </Stack>
  );
}

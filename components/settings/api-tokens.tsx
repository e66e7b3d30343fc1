"use client";
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { useClosingValue } from "@/components/dialog/presence";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { absoluteTime, relativeTime } from "@/lib/client/relative-time";
import { toast } from "@/lib/client/toast";
import { useApi } from "@/lib/client/use-api";
import { useSubmit } from "@/lib/client/use-submit";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { apiTokenView } from "@/lib/entities/api-token";
import { lazyDialog } from "@/components/dialog/lazy-dialog";

// Fetched when first opened: it brings the token schema.
const CreateTokenDialog = lazyDialog(() => import("./create-token-dialog").then((module) => module.CreateTokenDialog), (props) => props.opened);

/** A token as GET /token lists it. */
type ApiTokenItem = Jsonify<ReturnType<typeof apiTokenView>>;

const day = (date: string) => new Date(date).toLocaleDateString("en-US", { dateStyle: "medium" });

/** The member's own API tokens: create, see when each was used, revoke. */
export function ApiTokens() {
  const { data } = useApi<{ items: ApiTokenItem[] }>("/token");
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenItem | null>(null);
  const asked = useClosingValue(revoking);
  const { busy, submit } = useSubmit();

  async function revoke(token: ApiTokenItem) {
    await submit(async () => {
      await api.delete(`/token/${token.id}`);
      setRevoking(null);
      toast("success", `Token "${token.name}" has been revoked`);
      await invalidate("/token");
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={560}>
          Scripts and other apps use an API token to call the REST API as you. Tokens are managed here only, never with a token.{" "}
          <Anchor href="/api-docs" size="sm">
            API documentation
          </Anchor>
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          Create token
        </Button>
      </Group>
      {!data ? (
        <Loader size="sm" />
      ) : data.items.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconKey size={18} aria-hidden />
          <Text size="sm">No API tokens yet</Text>
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label="API tokens">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Token</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Expires</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{token.name}</Text>
                      {token.read_only && <Badge variant="light" color="gray" size="sm">Read-only</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{token.prefix}…</Table.Td>
                  <Table.Td title={absoluteTime(token.created)}>{day(token.created)}</Table.Td>
                  <Table.Td title={absoluteTime(token.expires)} c={new Date(token.expires).getTime() <= Date.now() ? "red" : undefined}>
                    {day(token.expires)}
                  </Table.Td>
                  <Table.Td>{token.last_used ? relativeTime(token.last_used) : "Never"}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="default" color="red" onClick={() => setRevoking(token)}>
                      Revoke
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <Dialog opened={asked.opened} onClose={() => setRevoking(null)} title="Revoke this token?" centered>
        <Stack gap="md">
          <Text size="sm">Whatever uses &ldquo;{asked.shown?.name}&rdquo; is refused from now on. This cannot be undone.</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setRevoking(null)}>
              Cancel
            </Button>
            <Button color="red" loading={busy} onClick={() => revoking && void revoke(revoking)}>
              Revoke
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}

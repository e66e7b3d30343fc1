"use client";
import { Anchor, Badge, Button, Group, Loader, Stack, Table, Text } from "@mantine/core";
import { IconKey, IconPlus } from "@tabler/icons-react";
import { useFormatter, useTranslations } from "next-intl";
import { useState } from "react";
import { useTimeWords } from "@/components/detail/relative-time";
import { Dialog } from "@/components/dialog/dialog";
import { useClosingValue } from "@/components/dialog/presence";
import { api } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useApi } from "@/lib/client/use-api";
import { useSubmit } from "@/lib/client/use-submit";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { apiTokenView } from "@/lib/entities/api-token";
import { lazyDialog } from "@/components/dialog/lazy-dialog";

// Fetched when first opened: it brings the token schema.
const CreateTokenDialog = lazyDialog(() => import("./create-token-dialog").then((module) => module.CreateTokenDialog), (props) => props.opened);

/** A token as GET /token lists it. */
type ApiTokenItem = Jsonify<ReturnType<typeof apiTokenView>>;

/** The member's own API tokens: create, see when each was used, revoke. */
export function ApiTokens() {
  const t = useTranslations();
  const format = useFormatter();
  const time = useTimeWords();
  const day = (date: string) => format.dateTime(new Date(date), { dateStyle: "medium" });
  const { data } = useApi<{ items: ApiTokenItem[] }>("/token");
  const [creating, setCreating] = useState(false);
  const [revoking, setRevoking] = useState<ApiTokenItem | null>(null);
  const asked = useClosingValue(revoking);
  const { busy, submit } = useSubmit();

  async function revoke(token: ApiTokenItem) {
    await submit(async () => {
      await api.delete(`/token/${token.id}`);
      setRevoking(null);
      toast("success", translate("settings.tokens.revoked", { name: token.name }));
      await invalidate("/token");
    });
  }

  return (
    <Stack gap="md">
      <Group justify="space-between">
        <Text size="sm" c="dimmed" maw={560}>
          {t("settings.tokens.intro")}{" "}
          <Anchor href="/api-docs" size="sm">
            {t("settings.tokens.docs")}
          </Anchor>
        </Text>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t("settings.tokens.create")}
        </Button>
      </Group>
      {!data ? (
        <Loader size="sm" />
      ) : data.items.length === 0 ? (
        <Group gap="xs" c="dimmed">
          <IconKey size={18} aria-hidden />
          <Text size="sm">{t("settings.tokens.empty")}</Text>
        </Group>
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="xs" aria-label={t("settings.tab.tokens")}>
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t("common.name")}</Table.Th>
                <Table.Th>{t("settings.tokens.token")}</Table.Th>
                <Table.Th>{t("settings.tokens.created")}</Table.Th>
                <Table.Th>{t("settings.tokens.expires")}</Table.Th>
                <Table.Th>{t("settings.tokens.lastUsed")}</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {data.items.map((token) => (
                <Table.Tr key={token.id}>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Text size="sm">{token.name}</Text>
                      {token.read_only && <Badge variant="light" color="gray" size="sm">{t("settings.tokens.readOnly")}</Badge>}
                    </Group>
                  </Table.Td>
                  <Table.Td ff="monospace">{token.prefix}…</Table.Td>
                  <Table.Td title={time.absolute(token.created)}>{day(token.created)}</Table.Td>
                  <Table.Td title={time.absolute(token.expires)} c={new Date(token.expires).getTime() <= Date.now() ? "red" : undefined}>
                    {day(token.expires)}
                  </Table.Td>
                  <Table.Td>{token.last_used ? time.relative(token.last_used) : t("settings.tokens.never")}</Table.Td>
                  <Table.Td ta="right">
                    <Button size="xs" variant="default" color="red" onClick={() => setRevoking(token)}>
                      {t("settings.tokens.revoke")}
                    </Button>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateTokenDialog opened={creating} onClose={() => setCreating(false)} />
      <Dialog opened={asked.opened} onClose={() => setRevoking(null)} title={t("settings.tokens.revokeTitle")} centered>
        <Stack gap="md">
          <Text size="sm">{t("settings.tokens.revokeText", { name: asked.shown?.name ?? "" })}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setRevoking(null)}>
              {t("common.cancel")}
            </Button>
            <Button color="red" loading={busy} onClick={() => revoking && void revoke(revoking)}>
              {t("settings.tokens.revoke")}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Stack>
  );
}

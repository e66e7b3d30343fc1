"use client";
import { Loader, SimpleGrid, Stack, Text } from "@mantine/core";
import { ReadOnlyNote } from "@/components/form/read-only-note";
import { useTranslations } from "next-intl";
import { useCallback, useEffect, useRef } from "react";
import { useDetail } from "@/components/detail/detail-context";
import { api, SESSION_KEY } from "@/lib/client/api";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";
import { useSubmit } from "@/lib/client/use-submit";
import type { Jsonify } from "@/lib/schemas/jsonify";
import type { IntegrationsView } from "@/lib/schemas/integrations";
import type { OrganizationView } from "@/lib/entities/organization";
import { ApiDocsCard } from "./api-docs-card";
import { EmailRepliesCard } from "./email-replies-card";
import { InboundEmailSection } from "./inbound-email-section";
import { MailboxCard, providerLabel, type MailboxType } from "./mailbox-card";
import { SmsCard } from "./sms-card";
import { oauthRedirectUri, useOauthReturn } from "./use-oauth-return";

/** GET /organization/{id}, which adds the inbound address for admins. */
type WithInbound = Jsonify<OrganizationView>;

const TYPES: MailboxType[] = ["google", "microsoft"];
/** After Sync now, how often and how many times the organization is read again for the new sync time. */
const POLL_MS = 2000;
const POLLS = 5;

/** The mailbox the organization sends and receives customer email through (one at a time), texts, and the inbound address. */
export function IntegrationsTab() {
  const t = useTranslations();
  const { item, replace } = useDetail<WithInbound>();
  const { busy, submit } = useSubmit();
  const { data: session } = useSession();
  // What the server has configured is the admins' to read (GET …/integrations needs admin), as are the controls.
  const admin = session ? holds(session, "admin") : false;
  const integrations = useApi<IntegrationsView>(admin ? `/organization/${item.id}/integrations` : null);
  const latest = useRef(item);
  latest.current = item;
  const polls = useRef<ReturnType<typeof setTimeout> | null>(null);

  const put = useCallback(
    (saved: WithInbound) => {
      replace({ ...saved, inbound_email_url: saved.inbound_email_url ?? latest.current.inbound_email_url });
      void invalidate("/history", SESSION_KEY);
    },
    [replace],
  );
  useOauthReturn(item.id, put);

  const refresh = useCallback(async () => {
    try {
      replace(await api.get<WithInbound>(`/organization/${latest.current.id}`));
    } catch {
      // The next focus or poll tries again.
    }
  }, [replace]);

  useEffect(() => {
    const onFocus = () => void refresh();
    window.addEventListener("focus", onFocus);
    return () => {
      window.removeEventListener("focus", onFocus);
      if (polls.current) clearTimeout(polls.current);
    };
  }, [refresh]);

  async function connect(type: MailboxType) {
    await submit(async () => {
      const { url } = await api.post<{ url: string }>(`/organization/${item.id}/oauth`, { type, redirect_uri: oauthRedirectUri() });
      window.location.assign(url);
    });
  }

  async function sync() {
    await submit(async () => {
      await api.post(`/organization/${item.id}/mailbox/sync`, {});
      toast("success", t("organization.integrations.syncStarted"));
      const before = item.oauth?.last_sync_at;
      let left = POLLS;
      const poll = async () => {
        await refresh();
        left -= 1;
        if (left > 0 && latest.current.oauth?.last_sync_at === before) polls.current = setTimeout(() => void poll(), POLL_MS);
      };
      if (polls.current) clearTimeout(polls.current);
      polls.current = setTimeout(() => void poll(), POLL_MS / 2);
    });
  }

  async function disconnect(type: MailboxType) {
    await submit(async () => {
      put(await api.patch<WithInbound>(`/organization/${item.id}`, { oauth: null }));
      toast("success", t("organization.integrations.disconnected", { provider: providerLabel(type) }));
    });
  }

  const configured = integrations.data?.mailbox;
  return (
    <Stack gap="sm" maw={720}>
      {session && !admin ? (
        <ReadOnlyNote>{t("organization.integrations.readOnly")}</ReadOnlyNote>
      ) : (
        <Text size="sm" c="dimmed">
          {t("organization.integrations.intro")}
        </Text>
      )}
      {integrations.error && (
        <Text size="sm" c="red">
          {t("organization.integrations.loadFailed")}
        </Text>
      )}
      {integrations.isLoading && <Loader size="sm" aria-label={t("common.loading")} />}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        {TYPES.map((type) => {
          const connection = item.oauth?.type === type ? item.oauth : null;
          return (
            <MailboxCard
              key={type}
              type={type}
              connection={connection}
              configured={configured ? configured[type].configured : null}
              otherConnected={item.oauth !== null && !connection}
              busy={busy}
              readOnly={!admin}
              onConnect={() => void connect(type)}
              onSync={() => void sync()}
              onDisconnect={() => void disconnect(type)}
            />
          );
        })}
      </SimpleGrid>
      <EmailRepliesCard replies={item.email_replies} mailbox={item.oauth?.email ?? null} domain={integrations.data?.reply_domain ?? null} />
      {integrations.data && <SmsCard sms={integrations.data.sms} />}
      {item.inbound_email_url && (
        <InboundEmailSection organizationId={item.id} url={item.inbound_email_url} onRotated={(url) => replace({ ...item, inbound_email_url: url })} />
      )}
      <ApiDocsCard />
    </Stack>
  );
}

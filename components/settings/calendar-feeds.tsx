"use client";
import { Alert, Button, Group, Loader, Paper, Stack, Text, TextInput, Title } from "@mantine/core";
import { IconCalendarShare, IconCopy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { useTimeWords } from "@/components/detail/relative-time";
import { Dialog } from "@/components/dialog/dialog";
import { useClosingValue } from "@/components/dialog/presence";
import { api } from "@/lib/client/api";
import { copyText } from "@/lib/client/copy-text";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { useApi } from "@/lib/client/use-api";
import { holds, useSession } from "@/lib/client/use-session";
import { useSubmit } from "@/lib/client/use-submit";

/** A feed as GET /calendar_feed lists it. */
type FeedItem = { id: string; location: string | null; created: string; last_fetched: string | null };
type LocationItem = { id: string; name: string };
type Scope = { location: string | null; title: string; text: string };

async function copy(url: string) {
  try {
    await copyText(url);
    toast("success", translate("settings.calendar.copied"));
  } catch {
    toast("error", translate("settings.calendar.copyFailed"));
  }
}

/**
 * One feed: its address is shown once, when it is made; a new address replaces
 * the old one (which stops working), and turning it off ends it.
 */
function FeedEntry({ scope, feed }: { scope: Scope; feed: FeedItem | undefined }) {
  const t = useTranslations();
  const time = useTimeWords();
  const [url, setUrl] = useState<string | null>(null);
  const [asking, setAsking] = useState<"rotate" | "remove" | null>(null);
  const asked = useClosingValue(asking);
  const { busy, submit } = useSubmit();

  async function create() {
    await submit(async () => {
      const made = await api.post<{ url: string }>("/calendar_feed", { location: scope.location });
      setUrl(made.url);
      setAsking(null);
      await invalidate("/calendar_feed");
    });
  }

  async function remove() {
    if (!feed) return;
    await submit(async () => {
      await api.delete(`/calendar_feed/${feed.id}`);
      setUrl(null);
      setAsking(null);
      toast("success", translate("settings.calendar.removed"));
      await invalidate("/calendar_feed");
    });
  }

  return (
    <Paper withBorder p="md" radius="md" data-testid="calendar-feed">
      <Stack gap="sm">
        <div>
          <Title order={3} size="h5">
            {scope.title}
          </Title>
          <Text size="sm" c="dimmed">
            {scope.text}
          </Text>
        </div>
        {url ? (
          <Stack gap="xs">
            <Alert color="yellow">{t("settings.calendar.copyNow")}</Alert>
            <TextInput label={t("settings.calendar.address")} value={url} readOnly onFocus={(event) => event.currentTarget.select()} styles={{ input: { fontFamily: "monospace" } }} />
            <Group gap="xs">
              <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copy(url)}>
                {t("settings.calendar.copy")}
              </Button>
              <Button component="a" variant="subtle" href={url.replace(/^https?:/, "webcal:")}>
                {t("settings.calendar.subscribe")}
              </Button>
            </Group>
          </Stack>
        ) : feed ? (
          <Text size="sm">
            {t("settings.calendar.active", { created: time.absolute(feed.created) })}{" "}
            {feed.last_fetched ? t("settings.calendar.lastFetched", { when: time.relative(feed.last_fetched) }) : t("settings.calendar.neverFetched")}
          </Text>
        ) : null}
        <Group gap="xs">
          {feed ? (
            <>
              <Button variant="default" onClick={() => setAsking("rotate")}>
                {t("settings.calendar.rotate")}
              </Button>
              <Button variant="default" color="red" onClick={() => setAsking("remove")}>
                {t("settings.calendar.remove")}
              </Button>
            </>
          ) : (
            <Button leftSection={<IconCalendarShare size={16} />} loading={busy} onClick={() => void create()}>
              {t("settings.calendar.create")}
            </Button>
          )}
        </Group>
      </Stack>
      <Dialog
        opened={asked.opened}
        onClose={() => setAsking(null)}
        title={asked.shown === "remove" ? t("settings.calendar.removeTitle") : t("settings.calendar.rotateTitle")}
        centered
      >
        <Stack gap="md">
          <Text size="sm">{asked.shown === "remove" ? t("settings.calendar.removeText") : t("settings.calendar.rotateText")}</Text>
          <Group justify="flex-end" gap="xs">
            <Button variant="default" onClick={() => setAsking(null)}>
              {t("common.cancel")}
            </Button>
            <Button color={asked.shown === "remove" ? "red" : undefined} loading={busy} onClick={() => void (asking === "remove" ? remove() : create())}>
              {asked.shown === "remove" ? t("settings.calendar.remove") : t("settings.calendar.rotate")}
            </Button>
          </Group>
        </Stack>
      </Dialog>
    </Paper>
  );
}

/** Settings → Calendar: the member's private feed of their visits, and admins' one per location. */
export function CalendarFeeds() {
  const t = useTranslations();
  const { data: session } = useSession();
  const admin = session ? holds(session, "admin") : false;
  const { data } = useApi<{ items: FeedItem[] }>("/calendar_feed");
  const locations = useApi<{ items: LocationItem[] }>(admin ? "/location" : null, { status: ["active"], limit: 100, sort: "name:asc" });
  const scopes: Scope[] = [
    { location: null, title: t("settings.calendar.ownTitle"), text: t("settings.calendar.ownText") },
    ...(locations.data?.items ?? []).map((place) => ({
      location: place.id,
      title: t("settings.calendar.locationTitle", { location: place.name }),
      text: t("settings.calendar.locationText"),
    })),
  ];
  return (
    <Stack gap="md" maw={720}>
      <Text size="sm" c="dimmed">
        {t("settings.calendar.intro")}
      </Text>
      {!data ? (
        <Loader size="sm" />
      ) : (
        scopes.map((scope) => <FeedEntry key={scope.location ?? "own"} scope={scope} feed={data.items.find((feed) => feed.location === scope.location)} />)
      )}
    </Stack>
  );
}

"use client";
import { Alert, Button, Group, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { DateInput } from "@mantine/dates";
import { IconCopy } from "@tabler/icons-react";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { copyText } from "@/lib/client/copy-text";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { translate } from "@/lib/client/translate";
import { expiryInDays, TOKEN_LIFETIMES, type ApiTokenCreate } from "@/lib/schemas/api-token";
import { PageDates } from "@/components/form/page-dates";

const CUSTOM = "date";
const INITIAL = { name: "", lifetime: "90", date: "", read_only: false };

async function copy(secret: string) {
  try {
    await copyText(secret);
    toast("success", translate("settings.tokens.copied"));
  } catch {
    toast("error", translate("shell.error.oops"), translate("shell.error.text"));
  }
}

/** Creates a token, then shows its secret: the only time it can be seen. */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
  const t = useTranslations();
  const lifetimes = [
    ...TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: t("settings.tokens.days", { days }) })),
    { value: CUSTOM, label: t("settings.tokens.untilDate") },
  ];
  const form = useChangeForm(INITIAL);
  const [secret, setSecret] = useState<string | null>(null);
  const { values } = form;

  function close() {
    form.reset();
    setSecret(null);
    onClose();
  }

  async function create() {
    const body: ApiTokenCreate = {
      name: values.name,
      expires_at: values.lifetime === CUSTOM ? values.date : expiryInDays(Number(values.lifetime)),
      read_only: values.read_only,
    };
    await form.submit(async () => {
      const created = await api.post<{ token: string }>("/token", body);
      setSecret(created.token);
      await invalidate("/token");
    });
  }

  return (
    <Dialog opened={opened} onClose={close} title={secret ? t("settings.tokens.newTitle") : t("settings.tokens.createTitle")} centered>
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow">{t("settings.tokens.copyNow", { header: "Authorization: Bearer <token>" })}</Alert>
          <TextInput label={t("settings.tokens.token")} value={secret} readOnly onFocus={(event) => event.currentTarget.select()} styles={{ input: { fontFamily: "monospace" } }} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copy(secret)}>
              {t("settings.tokens.copy")}
            </Button>
            <Button onClick={close}>{t("settings.tokens.done")}</Button>
          </Group>
        </Stack>
      ) : (
        <form
          onSubmit={(event) => {
            event.preventDefault();
            void create();
          }}
        >
          <Stack gap="md">
            <TextInput label={t("common.name")} description={t("settings.tokens.nameHint")} required data-autofocus value={values.name} error={form.errorOf("name")} onChange={(event) => form.set("name", event.currentTarget.value)} />
            <Select label={t("settings.tokens.expires")} data={lifetimes} value={values.lifetime} allowDeselect={false} onChange={(value) => form.set("lifetime", value ?? INITIAL.lifetime)} error={values.lifetime === CUSTOM ? undefined : form.errorOf("expires_at")} />
            {values.lifetime === CUSTOM && (
              <PageDates>
                <DateInput label={t("settings.tokens.expiryDate")} required minDate={new Date()} value={values.date || null} error={form.errorOf("expires_at")} onChange={(day) => form.set("date", day ?? "")} />
              </PageDates>
            )}
            <Switch label={t("settings.tokens.readOnly")} description={t("settings.tokens.readOnlyHint")} checked={values.read_only} onChange={(event) => form.set("read_only", event.currentTarget.checked)} />
            <Text size="sm" c="dimmed">
              {t("settings.tokens.warning")}
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                {t("common.cancel")}
              </Button>
              <Button type="submit" loading={form.busy} disabled={!values.name.trim() || (values.lifetime === CUSTOM && !values.date)}>
                {t("settings.tokens.create")}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

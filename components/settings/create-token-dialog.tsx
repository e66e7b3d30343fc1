"use client";
import { Alert, Button, Group, Select, Stack, Switch, Text, TextInput } from "@mantine/core";
import { IconCopy } from "@tabler/icons-react";
import { useState } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { useChangeForm } from "@/components/form/use-change-form";
import { api } from "@/lib/client/api";
import { copyText } from "@/lib/client/copy-text";
import { invalidate } from "@/lib/client/invalidate";
import { toast } from "@/lib/client/toast";
import { expiryInDays, TOKEN_LIFETIMES, type ApiTokenCreate } from "@/lib/schemas/api-token";

const CUSTOM = "date";
const LIFETIMES = [...TOKEN_LIFETIMES.map((days) => ({ value: String(days), label: `${days} days` })), { value: CUSTOM, label: "Until a date" }];
const INITIAL = { name: "", lifetime: "90", date: "", read_only: false };

async function copy(secret: string) {
  try {
    await copyText(secret);
    toast("success", "Token copied to clipboard");
  } catch {
    toast("error", "Oops", "Something went wrong");
  }
}

/** Creates a token, then shows its secret: the only time it can be seen. */
export function CreateTokenDialog({ opened, onClose }: { opened: boolean; onClose: () => void }) {
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
    <Dialog opened={opened} onClose={close} title={secret ? "Your new API token" : "Create an API token"} centered>
      {secret ? (
        <Stack gap="md">
          <Alert color="yellow">Copy this token now: it is shown only once. Send it as the header Authorization: Bearer &lt;token&gt;.</Alert>
          <TextInput label="Token" value={secret} readOnly onFocus={(event) => event.currentTarget.select()} styles={{ input: { fontFamily: "monospace" } }} />
          <Group justify="flex-end" gap="xs">
            <Button variant="default" leftSection={<IconCopy size={16} />} onClick={() => void copy(secret)}>
              Copy
            </Button>
            <Button onClick={close}>Done</Button>
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
            <TextInput label="Name" description="What the token is for, e.g. Zapier" required data-autofocus value={values.name} error={form.errorOf("name")} onChange={(event) => form.set("name", event.currentTarget.value)} />
            <Select label="Expires" data={LIFETIMES} value={values.lifetime} allowDeselect={false} onChange={(value) => form.set("lifetime", value ?? INITIAL.lifetime)} error={values.lifetime === CUSTOM ? undefined : form.errorOf("expires_at")} />
            {values.lifetime === CUSTOM && (
              <TextInput label="Expiry date" type="date" required value={values.date} error={form.errorOf("expires_at")} onChange={(event) => form.set("date", event.currentTarget.value)} />
            )}
            <Switch label="Read-only" description="The token can read but not change anything" checked={values.read_only} onChange={(event) => form.set("read_only", event.currentTarget.checked)} />
            <Text size="sm" c="dimmed">
              The token acts as you, with your role and location. Anyone holding it can do what it allows until it expires or is revoked.
            </Text>
            <Group justify="flex-end" gap="xs">
              <Button variant="default" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" loading={form.busy} disabled={!values.name.trim() || (values.lifetime === CUSTOM && !values.date)}>
                Create token
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

"use client";
import { Button, Group, Stack, Text } from "@mantine/core";
import { useTranslations } from "next-intl";
import { useState, type FormEvent } from "react";
import { Dialog } from "@/components/dialog/dialog";
import { CODE_LENGTH, CodeInput } from "./code-input";

type Props = {
  email: string | null;
  error?: string;
  busy: boolean;
  onCancel: () => void;
  onVerify: (code: string) => void;
};

export function OtpDialog({ email, error, busy, onCancel, onVerify }: Props) {
  const t = useTranslations();
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onVerify(code);
  }

  return (
    <Dialog opened={email !== null} onClose={onCancel} title={t("auth.code.title")} centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            {t.rich("auth.code.sent", { email: email ?? "", b: (chunks) => <b>{chunks}</b> })}
          </Text>
          <Text size="xs" c="dimmed">
            {t("auth.code.existing")}
          </Text>
          <CodeInput value={code} onChange={setCode} error={Boolean(error)} inDialog />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              {t("auth.code.cancel")}
            </Button>
            <Button type="submit" loading={busy} disabled={code.length !== CODE_LENGTH}>
              {t("auth.code.verify")}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

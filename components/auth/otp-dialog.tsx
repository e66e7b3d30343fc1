"use client";
import { Button, Group, Stack, Text } from "@mantine/core";
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
  const [code, setCode] = useState("");

  function submit(event: FormEvent) {
    event.preventDefault();
    onVerify(code);
  }

  return (
    <Dialog opened={email !== null} onClose={onCancel} title="One time code" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            We sent a 6-digit code to <b>{email}</b>. Enter it to create your organization.
          </Text>
          <Text size="xs" c="dimmed">
            If this address already has an account, the email tells you where to sign in instead.
          </Text>
          <CodeInput value={code} onChange={setCode} error={Boolean(error)} />
          {error && (
            <Text size="sm" c="red" role="alert">
              {error}
            </Text>
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onCancel}>
              Cancel
            </Button>
            <Button type="submit" loading={busy} disabled={code.length !== CODE_LENGTH}>
              Verify
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}

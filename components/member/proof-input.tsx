"use client";
import { Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { api } from "@/lib/client/api";
import { toast } from "@/lib/client/toast";
import { useSubmit } from "@/lib/client/use-submit";

type Props = {
  member: { id: string; email: string; has_password: boolean };
  value: string;
  onChange: (value: string) => void;
  error?: string;
  /** What the proof is for, under the label. */
  description: string;
};

/** The current password; for a member who has none, a code sent to their current address. */
export function ProofInput({ member, value, onChange, error, description }: Props) {
  if (member.has_password) {
    return (
      <PasswordInput
        label="Current password"
        description={description}
        autoComplete="current-password"
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
    );
  }
  return <CodeInput member={member} value={value} onChange={onChange} error={error} description={description} />;
}

function CodeInput({ member, value, onChange, error, description }: Props) {
  const { busy: sending, submit } = useSubmit();

  async function send() {
    await submit(async () => {
      await api.post(`/member/${member.id}/code`);
      toast("success", "Code sent", `Check ${member.email} for a 6-digit code`);
    });
  }

  return (
    <Stack gap={4}>
      <TextInput
        label="Code from your email"
        description={`${description} You have no password, so a code sent to ${member.email} confirms it is you.`}
        inputMode="numeric"
        autoComplete="one-time-code"
        maxLength={6}
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
      <Group>
        <Button variant="default" size="xs" loading={sending} onClick={() => void send()}>
          Send a code
        </Button>
      </Group>
    </Stack>
  );
}

"use client";
import { Button, Group, PasswordInput, Stack, TextInput } from "@mantine/core";
import { useTranslations } from "next-intl";
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
  const t = useTranslations();
  if (member.has_password) {
    return (
      <PasswordInput
        label={t("member.proof.currentPassword")}
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
  const t = useTranslations();
  const { busy: sending, submit } = useSubmit();

  async function send() {
    await submit(async () => {
      await api.post(`/member/${member.id}/code`);
      toast("success", t("member.proof.codeSent"), t("member.proof.codeSentDetail", { email: member.email }));
    });
  }

  return (
    <Stack gap={4}>
      <TextInput
        label={t("member.proof.code")}
        description={t("member.proof.codeDescription", { description, email: member.email })}
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
          {t("member.proof.send")}
        </Button>
      </Group>
    </Stack>
  );
}

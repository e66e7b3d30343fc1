"use client";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { recoveryRequestSchema, recoverySchema } from "@/lib/schemas/auth";
import { api, SESSION_KEY } from "@/lib/client/api";
import { useChangeForm } from "@/components/form/use-change-form";
import { validate, type FieldErrors } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import type { SessionView } from "@/lib/client/use-session";
import { AuthCard } from "./auth-card";
import { CODE_LENGTH, CodeInput } from "./code-input";
import { FormError } from "./form-error";
import { NewPasswordFields } from "./new-password-fields";

const MISMATCH = "Passwords do not match eachother";

/**
 * Account recovery: an emailed code proves the address, then a new password is
 * set (ending the account's other sessions) and the member is signed in.
 */
export function RecoverScreen() {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const typed = useSearchParams().get("email") ?? "";
  const form = useChangeForm({ email: typed, code: "", password: "", repeat: "" }, { keepErrors: true, errors: "inline" });
  const { values, errors, busy } = form;
  const [sentTo, setSentTo] = useState<string | null>(null);

  async function sendCode(event?: FormEvent) {
    event?.preventDefault();
    const checked = validate(recoveryRequestSchema, { email: values.email }, "inline");
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const { email } = checked.data;
    await form.submit(async () => {
      await api.post("/otp/recovery", { email });
      form.set("code", "");
      setSentTo(email);
    });
  }

  async function setPassword(event: FormEvent) {
    event.preventDefault();
    const checked = validate(recoverySchema, { email: sentTo, code: values.code, password: values.password }, "inline");
    const mismatch: FieldErrors = values.password !== values.repeat ? { repeat: MISMATCH } : {};
    form.setErrors({ ...checked.errors, ...mismatch });
    if (!checked.data || mismatch.repeat) return;
    const body = checked.data;
    await form.submit(async () => {
      const view = await api.post<SessionView>("/session/recovery", body);
      await mutate(SESSION_KEY, view, { revalidate: false });
      notifications.clean();
      toast("success", "Your new password is set", "Your other sessions have been logged out");
      router.push("/");
    });
  }

  if (sentTo === null) {
    return (
      <AuthCard title="Forgot your password" subtitle="We email you a code to set a new password.">
        <form onSubmit={sendCode} noValidate>
          <Stack gap="md">
            <TextInput
              label="Email"
              type="email"
              autoComplete="email"
              required
              autoFocus
              value={values.email}
              onChange={(e) => form.set("email", e.currentTarget.value)}
              error={errors.email}
            />
            <FormError message={errors[""]} />
            <Button type="submit" loading={busy} fullWidth>
              Send code
            </Button>
          </Stack>
        </form>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Set a new password" subtitle={<>We sent a 6-digit code to <b>{sentTo}</b> if an account uses it.</>}>
      <form onSubmit={setPassword} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              One time code
            </Text>
            <CodeInput value={values.code} onChange={(code) => form.set("code", code)} error={Boolean(errors.code)} />
            {errors.code && (
              <Text size="sm" c="red" role="alert">
                {errors.code}
              </Text>
            )}
          </Stack>
          <NewPasswordFields values={values} errors={errors} set={form.set} />
          <FormError message={errors[""]} />
          <Button type="submit" loading={busy} disabled={values.code.length !== CODE_LENGTH} fullWidth>
            Set password and log in
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => void sendCode()}>
              Send a new code
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
              Use another email
            </Anchor>
          </Group>
        </Stack>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

function BackToLogin() {
  return (
    <Text size="sm" ta="center">
      Remembered it?{" "}
      <Anchor component={Link} href="/">
        Log in
      </Anchor>
    </Text>
  );
}

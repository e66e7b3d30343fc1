"use client";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import Link from "next/link";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { loginSchema } from "@/lib/schemas/auth";
import { api, SESSION_KEY } from "@/lib/client/api";
import { requestFailed, validate, type FieldErrors } from "@/lib/client/field-errors";
import { notSupported, toast } from "@/lib/client/toast";
import type { SessionView } from "@/lib/client/use-session";
import { AuthCard } from "./auth-card";
import { ProviderButtons } from "./provider-buttons";

export function LoginScreen() {
  const { mutate } = useSWRConfig();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [errors, setErrors] = useState<FieldErrors>({});
  const [busy, setBusy] = useState(false);

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(loginSchema, { email, password });
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      const view = await api.post<SessionView>("/session", checked.data);
      toast("success", "Welcome back");
      await mutate(SESSION_KEY, view, { revalidate: false });
    } catch (error) {
      const fields = requestFailed(error);
      setErrors(Object.keys(fields).length ? fields : { password: "Email or password is incorrect" });
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Log in" subtitle="Welcome back. Sign in to your organization.">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label="Email"
            type="email"
            autoComplete="email"
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
            autoFocus
          />
          <PasswordInput
            label="Password"
            autoComplete="current-password"
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Group justify="flex-end">
            <Anchor component="button" type="button" size="sm" onClick={notSupported}>
              Forgot your password
            </Anchor>
          </Group>
          <Button type="submit" loading={busy} fullWidth>
            Log in
          </Button>
        </Stack>
      </form>
      <ProviderButtons />
      <Text size="sm" ta="center">
        New here?{" "}
        <Anchor component={Link} href="/signup">
          Create an organization
        </Anchor>
      </Text>
    </AuthCard>
  );
}

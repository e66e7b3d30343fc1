"use client";
import { Anchor, Button, Group, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import Link from "next/link";
import { useRouter, useSearchParams } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
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

/**
 * Account recovery: an emailed code proves the address, then a new password is
 * set (ending the account's other sessions) and the member is signed in.
 */
export function RecoverScreen() {
  const router = useRouter();
  const t = useTranslations();
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
    const mismatch: FieldErrors = values.password !== values.repeat ? { repeat: t("auth.password.mismatch") } : {};
    form.setErrors({ ...checked.errors, ...mismatch });
    if (!checked.data || mismatch.repeat) return;
    const body = checked.data;
    await form.submit(async () => {
      const view = await api.post<SessionView>("/session/recovery", body);
      await mutate(SESSION_KEY, view, { revalidate: false });
      notifications.clean();
      toast("success", t("auth.recover.done"), t("auth.recover.doneDetail"));
      router.push("/");
    });
  }

  if (sentTo === null) {
    return (
      <AuthCard title={t("auth.recover.title")} subtitle={t("auth.recover.subtitle")}>
        <form onSubmit={sendCode} noValidate>
          <Stack gap="md">
            <TextInput
              label={t("auth.recover.email")}
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
              {t("auth.recover.send")}
            </Button>
          </Stack>
        </form>
        <BackToLogin />
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t("auth.recover.newTitle")} subtitle={t.rich("auth.recover.sent", { email: sentTo, b: (chunks) => <b>{chunks}</b> })}>
      <form onSubmit={setPassword} noValidate>
        <Stack gap="md">
          <Stack gap={4}>
            <Text size="sm" fw={500}>
              {t("auth.code.title")}
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
            {t("auth.recover.submit")}
          </Button>
          <Group justify="space-between">
            <Anchor component="button" type="button" size="sm" onClick={() => void sendCode()}>
              {t("auth.recover.resend")}
            </Anchor>
            <Anchor component="button" type="button" size="sm" onClick={() => setSentTo(null)}>
              {t("auth.recover.otherEmail")}
            </Anchor>
          </Group>
        </Stack>
      </form>
      <BackToLogin />
    </AuthCard>
  );
}

function BackToLogin() {
  const t = useTranslations();
  return (
    <Text size="sm" ta="center">
      {t("auth.recover.remembered")}{" "}
      <Anchor component={Link} href="/">
        {t("auth.recover.login")}
      </Anchor>
    </Text>
  );
}

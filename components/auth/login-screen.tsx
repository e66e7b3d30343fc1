"use client";
import { Anchor, Button, Group, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import Link from "next/link";
import type { FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { loginSchema } from "@/lib/schemas/auth";
import { notifications } from "@mantine/notifications";
import { api, ApiRequestError, SESSION_KEY } from "@/lib/client/api";
import { useChangeForm } from "@/components/form/use-change-form";
import { validate } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import type { SessionView } from "@/lib/client/use-session";
import { AuthCard } from "./auth-card";
import { FormError } from "./form-error";
import { ProviderButtons } from "./provider-buttons";

const recoverHref = (email: string) => (email.trim() ? `/recover?${new URLSearchParams({ email: email.trim() })}` : "/recover");

export function LoginScreen() {
  const t = useTranslations();
  const { mutate } = useSWRConfig();
  const form = useChangeForm({ email: "", password: "" }, { keepErrors: true, errors: "inline" });
  const { values, errors } = form;

  async function submit(event: FormEvent) {
    event.preventDefault();
    const checked = validate(loginSchema, values, "inline");
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const body = checked.data;
    await form.submit(
      async () => {
        const view = await api.post<SessionView>("/session", body);
        // What failed before (this form's tries, or requests refused as the last session ended) is over.
        notifications.clean();
        toast("success", t("auth.login.welcome"));
        await mutate(SESSION_KEY, view, { revalidate: false });
      },
      (fields, error) => (error instanceof ApiRequestError && error.status === 401 ? { password: t("auth.login.incorrect") } : fields),
    );
  }

  return (
    <AuthCard title={t("auth.login.title")} subtitle={t("auth.login.subtitle")}>
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <TextInput
            label={t("auth.login.email")}
            type="email"
            autoComplete="email"
            required
            value={values.email}
            onChange={(e) => form.set("email", e.currentTarget.value)}
            error={errors.email}
            autoFocus
          />
          <PasswordInput
            label={t("auth.login.password")}
            autoComplete="current-password"
            required
            value={values.password}
            onChange={(e) => form.set("password", e.currentTarget.value)}
            error={errors.password}
          />
          <Group justify="flex-end">
            <Anchor component={Link} size="sm" href={recoverHref(values.email)}>
              {t("auth.login.forgot")}
            </Anchor>
          </Group>
          <FormError message={errors[""]} />
          <Button type="submit" loading={form.busy} fullWidth>
            {t("auth.login.submit")}
          </Button>
        </Stack>
      </form>
      <ProviderButtons />
      <Text size="sm" ta="center">
        {t("auth.login.newHere")}{" "}
        <Anchor component={Link} href="/signup">
          {t("auth.login.createOrganization")}
        </Anchor>
      </Text>
    </AuthCard>
  );
}

"use client";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useLocale, useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { signupDetailsSchema } from "@/lib/schemas/auth";
import { PASSWORD_MIN } from "@/lib/schemas/constants";
import type { AppLocale } from "@/lib/i18n/locales";
import { api, SESSION_KEY } from "@/lib/client/api";
import { useChangeForm } from "@/components/form/use-change-form";
import { validate } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import type { SessionView } from "@/lib/client/use-session";
import { AuthCard } from "./auth-card";
import { FormError } from "./form-error";
import { OtpDialog } from "./otp-dialog";
import { ProviderButtons } from "./provider-buttons";

export function SignupScreen() {
  const router = useRouter();
  const t = useTranslations();
  // The organization speaks the language this screen is shown in (the browser's, else US English).
  const language = useLocale() as AppLocale;
  const { mutate } = useSWRConfig();
  // The code's error is the one at `otp`, shown in the code dialog.
  const form = useChangeForm({ organization: "", name: "", email: "", password: "" }, { keepErrors: true, errors: "inline" });
  const { values, errors, busy } = form;
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);

  const details = () => ({
    organization: { name: values.organization, language },
    member: { name: values.name, email: values.email, password: values.password },
  });
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => form.set(key, e.currentTarget.value),
  });

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const checked = validate(signupDetailsSchema, details(), "inline");
    form.setErrors(checked.errors ?? {});
    if (!checked.data) return;
    const email = checked.data.member.email;
    await form.submit(async () => {
      await api.post("/otp/email", { email, language });
      setCodeSentTo(email);
    });
  }

  async function verify(otp: string) {
    await form.submit(
      async () => {
        const view = await api.post<SessionView>("/signup", { ...details(), otp });
        await mutate(SESSION_KEY, view, { revalidate: false });
        notifications.clean();
        toast("success", t("auth.signup.welcome"), t("auth.signup.welcomeDetail"));
        router.push("/");
      },
      // Anything but the code sends the member back to the details.
      (fields) => {
        if (Object.keys(fields).some((path) => path !== "otp")) setCodeSentTo(null);
      },
    );
  }

  // The API's error paths (member.email and the like) are machine values, not catalogue keys: they are spelled in parts.
  const pathError = (...path: string[]) => errors[path.join(".")];

  return (
    <AuthCard title={t("auth.signup.title")} subtitle={t("auth.signup.subtitle")}>
      <form onSubmit={sendCode} noValidate>
        <Stack gap="md">
          <TextInput label={t("auth.signup.organization")} required autoFocus error={pathError("organization", "name")} {...field("organization")} />
          <TextInput label={t("auth.signup.name")} required autoComplete="name" error={pathError("member", "name")} {...field("name")} />
          <TextInput label={t("auth.signup.email")} type="email" required autoComplete="email" error={pathError("member", "email")} {...field("email")} />
          <PasswordInput
            label={t("auth.signup.password")}
            required
            autoComplete="new-password"
            description={t("auth.password.hint", { min: PASSWORD_MIN })}
            error={pathError("member", "password")}
            {...field("password")}
          />
          <FormError message={errors[""]} />
          <Button type="submit" loading={busy && codeSentTo === null} fullWidth>
            {t("auth.signup.submit")}
          </Button>
        </Stack>
      </form>
      <ProviderButtons />
      <Text size="sm" ta="center">
        {t("auth.signup.haveAccount")}{" "}
        <Anchor component={Link} href="/">
          {t("auth.signup.login")}
        </Anchor>
      </Text>
      <OtpDialog
        email={codeSentTo}
        error={errors.otp}
        busy={busy}
        onCancel={() => setCodeSentTo(null)}
        onVerify={verify}
      />
    </AuthCard>
  );
}

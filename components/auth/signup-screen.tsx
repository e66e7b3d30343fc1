"use client";
import { Anchor, Button, PasswordInput, Stack, Text, TextInput } from "@mantine/core";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useState, type FormEvent } from "react";
import { useSWRConfig } from "swr";
import { signupDetailsSchema } from "@/lib/schemas/auth";
import { PASSWORD_MIN } from "@/lib/schemas/fields";
import { api, SESSION_KEY } from "@/lib/client/api";
import { requestFailed, validate, type FieldErrors } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import type { SessionView } from "@/lib/client/use-session";
import { AuthCard } from "./auth-card";
import { OtpDialog } from "./otp-dialog";
import { ProviderButtons } from "./provider-buttons";

const LANGUAGE = "en-US";

export function SignupScreen() {
  const router = useRouter();
  const { mutate } = useSWRConfig();
  const [values, setValues] = useState({ organization: "", name: "", email: "", password: "" });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [codeSentTo, setCodeSentTo] = useState<string | null>(null);
  const [codeError, setCodeError] = useState<string>();
  const [busy, setBusy] = useState(false);

  const details = () => ({
    organization: { name: values.organization, language: LANGUAGE },
    member: { name: values.name, email: values.email, password: values.password },
  });
  const field = (key: keyof typeof values) => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => {
      const value = e.currentTarget.value;
      setValues((v) => ({ ...v, [key]: value }));
    },
  });

  async function sendCode(event: FormEvent) {
    event.preventDefault();
    const checked = validate(signupDetailsSchema, details());
    setErrors(checked.errors ?? {});
    if (!checked.data) return;
    setBusy(true);
    try {
      await api.post("/otp/email", { email: checked.data.member.email, language: LANGUAGE });
      setCodeError(undefined);
      setCodeSentTo(checked.data.member.email);
    } catch (error) {
      setErrors(requestFailed(error));
    } finally {
      setBusy(false);
    }
  }

  async function verify(otp: string) {
    setBusy(true);
    try {
      const view = await api.post<SessionView>("/signup", { ...details(), otp });
      await mutate(SESSION_KEY, view, { revalidate: false });
      toast("success", "Welcome to the platform", "Feel free to take the tour");
      router.push("/");
    } catch (error) {
      const fields = requestFailed(error);
      setCodeError(fields.otp);
      const others = { ...fields };
      delete others.otp;
      if (Object.keys(others).length) {
        setErrors(others);
        setCodeSentTo(null);
      }
    } finally {
      setBusy(false);
    }
  }

  return (
    <AuthCard title="Create your organization" subtitle="Set up Craftdesk for your business in a minute.">
      <form onSubmit={sendCode} noValidate>
        <Stack gap="md">
          <TextInput label="Organization name" required autoFocus error={errors["organization.name"]} {...field("organization")} />
          <TextInput label="Full name" required autoComplete="name" error={errors["member.name"]} {...field("name")} />
          <TextInput label="Email" type="email" required autoComplete="email" error={errors["member.email"]} {...field("email")} />
          <PasswordInput
            label="Password"
            required
            autoComplete="new-password"
            description={`At least ${PASSWORD_MIN} characters`}
            error={errors["member.password"]}
            {...field("password")}
          />
          <Button type="submit" loading={busy && codeSentTo === null} fullWidth>
            Continue
          </Button>
        </Stack>
      </form>
      <ProviderButtons />
      <Text size="sm" ta="center">
        Already have an account?{" "}
        <Anchor component={Link} href="/">
          Log in
        </Anchor>
      </Text>
      <OtpDialog
        email={codeSentTo}
        error={codeError}
        busy={busy}
        onCancel={() => setCodeSentTo(null)}
        onVerify={verify}
      />
    </AuthCard>
  );
}

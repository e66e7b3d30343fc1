"use client";
import { Alert, Anchor, Button, Center, Loader, Stack, Text, TextInput } from "@mantine/core";
import { notifications } from "@mantine/notifications";
import Link from "next/link";
import { useRouter } from "next/navigation";
import { useEffect, useState, type FormEvent } from "react";
import { useTranslations } from "next-intl";
import { useSWRConfig } from "swr";
import { invitationAcceptSchema } from "@/lib/schemas/auth";
import { api, ApiRequestError, SESSION_KEY } from "@/lib/client/api";
import { useChangeForm } from "@/components/form/use-change-form";
import { validate, type FieldErrors } from "@/lib/client/field-errors";
import { toast } from "@/lib/client/toast";
import type { SessionView } from "@/lib/client/use-session";
import { AuthCard } from "./auth-card";
import { FormError } from "./form-error";
import { NewPasswordFields } from "./new-password-fields";


type Invitation = { organization: { name: string }; member: { name: string; email: string }; expires: string };
type Loaded = { state: "loading" } | { state: "ready"; invitation: Invitation } | { state: "invalid" } | { state: "failed"; reason: "busy" | "unreachable" };

const path = (token: string) => `/invitation/${encodeURIComponent(token)}`;

/** Why a link does not work, in words the invited person can act on. */
function refusal(error: unknown): Loaded {
  if (error instanceof ApiRequestError && error.status === 404) return { state: "invalid" };
  if (error instanceof ApiRequestError && error.status === 429) return { state: "failed", reason: "busy" };
  return { state: "failed", reason: "unreachable" };
}

/**
 * Accepting an invitation: the emailed link names the member, who chooses a
 * password (typed twice) and is signed in to the organization.
 */
export function InviteScreen({ token }: { token: string }) {
  const router = useRouter();
  const t = useTranslations();
  const { mutate } = useSWRConfig();
  const [loaded, setLoaded] = useState<Loaded>({ state: "loading" });
  const form = useChangeForm({ password: "", repeat: "" }, { keepErrors: true, errors: "inline" });
  const { values, errors, busy } = form;

  useEffect(() => {
    let current = true;
    api.get<Invitation>(path(token)).then(
      (invitation) => current && setLoaded({ state: "ready", invitation }),
      (error: unknown) => current && setLoaded(refusal(error)),
    );
    return () => {
      current = false;
    };
  }, [token]);

  async function accept(event: FormEvent) {
    event.preventDefault();
    const checked = validate(invitationAcceptSchema, { password: values.password }, "inline");
    const mismatch: FieldErrors = values.password !== values.repeat ? { repeat: t("auth.password.mismatch") } : {};
    form.setErrors({ ...checked.errors, ...mismatch });
    if (!checked.data || mismatch.repeat || loaded.state !== "ready") return;
    const body = checked.data;
    await form.submit(async () => {
      try {
        const view = await api.post<SessionView>(path(token), body);
        await mutate(SESSION_KEY, view, { revalidate: false });
        notifications.clean();
        toast("success", t("auth.invite.welcome", { organization: view.organization.name }), t("auth.invite.welcomeDetail"));
        router.push("/");
      } catch (error) {
        // Expired or revoked while the page was open.
        if (error instanceof ApiRequestError && error.status === 404) setLoaded({ state: "invalid" });
        else throw error;
      }
    });
  }

  if (loaded.state === "loading") {
    return (
      <AuthCard title={t("auth.invite.loadingTitle")}>
        <Center py="md">
          <Loader size="sm" aria-label={t("auth.invite.loading")} />
        </Center>
      </AuthCard>
    );
  }

  if (loaded.state !== "ready") {
    return (
      <AuthCard title={t("auth.invite.brokenTitle")}>
        <Alert color="yellow" role="alert" title={loaded.state === "invalid" ? t("auth.invite.invalid") : t("auth.invite.failed")}>
          {loaded.state === "invalid"
            ? t("auth.invite.invalidDetail")
            : loaded.reason === "busy"
              ? t("auth.invite.busy")
              : t("auth.invite.unreachable")}
        </Alert>
        <Text size="sm" ta="center">
          <Anchor component={Link} href="/">
            {t("auth.invite.toLogin")}
          </Anchor>
        </Text>
      </AuthCard>
    );
  }

  const { invitation } = loaded;
  return (
    <AuthCard
      title={t("auth.invite.title", { organization: invitation.organization.name })}
      subtitle={t.rich("auth.invite.subtitle", { name: invitation.member.name, b: (chunks) => <b>{chunks}</b> })}
    >
      <form onSubmit={accept} noValidate>
        <Stack gap="md">
          {/* The account's email, for the browser's password manager and for the member to see which account this is. */}
          <TextInput label={t("auth.invite.email")} type="email" autoComplete="username" value={invitation.member.email} readOnly variant="filled" />
          <NewPasswordFields values={values} errors={errors} set={form.set} autoFocus />
          <FormError message={errors[""]} />
          <Button type="submit" loading={busy} fullWidth>
            {t("auth.invite.submit")}
          </Button>
        </Stack>
      </form>
    </AuthCard>
  );
}

"use client";
import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useTranslations } from "next-intl";
import { useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { API_BASE } from "@/lib/client/api";

type State = { step: "ask" | "busy" | "done" } | { step: "failed"; message: string };

/** What the page says, by whose emails the link stops: a member's notification digests, a customer's automated emails. */
const WORDS = {
  member: { title: "unsubscribe.title", subtitle: "unsubscribe.subtitle", done: "unsubscribe.done", failedHint: "unsubscribe.failedHint" },
  customer: { title: "unsubscribe.customer.title", subtitle: "unsubscribe.customer.subtitle", done: "unsubscribe.customer.done", failedHint: "unsubscribe.customer.failedHint" },
} as const;

/**
 * Unsubscribing waits for a click: mail security scanners open (and some run)
 * every link of a message, and would unsubscribe people who never asked to. Mail
 * clients that offer their own unsubscribe button post to the endpoint directly
 * (List-Unsubscribe-Post), without this page.
 */
export function UnsubscribeScreen({ token, kind }: { token: string; kind: "member" | "customer" }) {
  const t = useTranslations();
  const words = WORDS[kind];
  const [state, setState] = useState<State>({ step: "ask" });

  async function confirm() {
    setState({ step: "busy" });
    try {
      const res = await fetch(`${API_BASE}/unsubscribe/${encodeURIComponent(token)}`, {
        method: "POST",
        credentials: "omit",
        body: new URLSearchParams({ "List-Unsubscribe": "One-Click" }),
      });
      if (res.ok) return setState({ step: "done" });
      const body = (await res.json().catch(() => null)) as { message?: string } | null;
      setState({ step: "failed", message: res.status === 404 ? t("unsubscribe.invalid") : (body?.message ?? res.statusText) });
    } catch {
      setState({ step: "failed", message: t("unsubscribe.unreachable") });
    }
  }

  if (state.step === "done") {
    return (
      <AuthCard title={t("unsubscribe.doneTitle")}>
        <Text role="status">{t(words.done)}</Text>
        {kind === "member" && (
          <Anchor component={Link} href="/settings/notifications" size="sm">
            {t("unsubscribe.settings")}
          </Anchor>
        )}
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t(words.title)} subtitle={t(words.subtitle)}>
      <Stack gap="md">
        {state.step === "failed" && (
          <Alert color="red" role="alert" title={t("unsubscribe.failedTitle")}>
            {state.message} {t(words.failedHint)}
          </Alert>
        )}
        <Button onClick={confirm} loading={state.step === "busy"} fullWidth>
          {t("unsubscribe.submit")}
        </Button>
      </Stack>
    </AuthCard>
  );
}

"use client";
import { Alert, Anchor, Button, Stack, Text } from "@mantine/core";
import Link from "next/link";
import { useState } from "react";
import { AuthCard } from "@/components/auth/auth-card";
import { API_BASE } from "@/lib/client/api";

type State = { step: "ask" | "busy" | "done" } | { step: "failed"; message: string };

/**
 * Unsubscribing waits for a click: mail security scanners open (and some run)
 * every link of a message, and would unsubscribe people who never asked to. Mail
 * clients that offer their own unsubscribe button post to the endpoint directly
 * (List-Unsubscribe-Post), without this page.
 */
export function UnsubscribeScreen({ token }: { token: string }) {
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
      setState({ step: "failed", message: res.status === 404 ? "This unsubscribe link is not valid." : (body?.message ?? res.statusText) });
    } catch {
      setState({ step: "failed", message: "The server could not be reached. Try again in a moment." });
    }
  }

  if (state.step === "done") {
    return (
      <AuthCard title="Unsubscribed">
        <Text role="status">You will no longer receive notification emails. You can turn them back on in your profile.</Text>
        <Anchor component={Link} href="/settings/notifications" size="sm">
          Notification settings
        </Anchor>
      </AuthCard>
    );
  }

  return (
    <AuthCard title="Unsubscribe from notification emails" subtitle="Stop the emails that list your unread notifications.">
      <Stack gap="md">
        {state.step === "failed" && (
          <Alert color="red" role="alert" title="Nothing was changed">
            {state.message} You can change your notification emails in your profile.
          </Alert>
        )}
        <Button onClick={confirm} loading={state.step === "busy"} fullWidth>
          Unsubscribe
        </Button>
      </Stack>
    </AuthCard>
  );
}

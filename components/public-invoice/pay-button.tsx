"use client";
import { Alert, Button, Stack } from "@mantine/core";
import { useLocale } from "next-intl";
import { useState } from "react";

/**
 * The Stripe Checkout of an invoice: POST …/checkout answers `{ url }` (201), where the
 * browser goes; a refusal (409) says why in its `details`. Null when there is no url.
 */
export async function startCheckout(token: string, locale: string, fetcher: typeof fetch = fetch): Promise<{ url: string } | { error: string | null }> {
  try {
    const res = await fetcher(`/api/api/public/invoice/${token}/checkout`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "Accept-Language": locale },
      body: "{}",
    });
    const answer = (await res.json().catch(() => null)) as { url?: unknown; details?: string; message?: string } | null;
    if (res.ok && typeof answer?.url === "string" && /^https?:\/\//.test(answer.url)) return { url: answer.url };
    return { error: answer?.details ?? answer?.message ?? null };
  } catch {
    return { error: null };
  }
}

/** The Pay button of an invoice's page: to Stripe Checkout, and back to the page when done. */
export function PayButton({ token, label, failed }: { token: string; label: string; failed: string }) {
  const locale = useLocale();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const pay = async () => {
    setBusy(true);
    setError(null);
    const answer = await startCheckout(token, locale);
    if ("url" in answer) {
      window.location.assign(answer.url);
      return;
    }
    setError(answer.error ?? failed);
    setBusy(false);
  };
  return (
    <Stack gap="xs">
      <Button size="lg" fullWidth onClick={pay} loading={busy} data-testid="invoice-pay">
        {label}
      </Button>
      {error && (
        <Alert color="red" variant="light">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
